import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminListQuery, DeadLetterFilter, DeadLetterView } from '@tuerca/contracts';
import { DeadLetterStore } from './dead-letters.js';

export class ListDeadLetters extends Query<{ rows: DeadLetterView[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: DeadLetterFilter,
  ) {
    super();
  }
}

export class GetDeadLetter extends Query<DeadLetterView> {
  constructor(readonly id: string) {
    super();
  }
}

/** Asks the worker that runs the group to apply a dead letter again (a resolved one stays as it is). */
export class ReplayDeadLetter extends Command<DeadLetterView> {
  constructor(readonly id: string) {
    super();
  }
}

/** Asks for a replay of every unresolved dead letter of one consumer group (`<context>.<group>`). */
export class ReplayConsumerGroup extends Command<{ consumer_group: string; requested: number }> {
  constructor(readonly consumerGroup: string) {
    super();
  }
}

@QueryHandler(ListDeadLetters)
export class ListDeadLettersHandler implements IQueryHandler<ListDeadLetters> {
  constructor(private readonly store: DeadLetterStore) {}
  execute({ query, filter }: ListDeadLetters) {
    return this.store.list(query, filter);
  }
}

@QueryHandler(GetDeadLetter)
export class GetDeadLetterHandler implements IQueryHandler<GetDeadLetter> {
  constructor(private readonly store: DeadLetterStore) {}
  execute({ id }: GetDeadLetter) {
    return this.store.get(id);
  }
}

@CommandHandler(ReplayDeadLetter)
export class ReplayDeadLetterHandler implements ICommandHandler<ReplayDeadLetter> {
  constructor(private readonly store: DeadLetterStore) {}
  execute({ id }: ReplayDeadLetter) {
    return this.store.requestReplay(id);
  }
}

@CommandHandler(ReplayConsumerGroup)
export class ReplayConsumerGroupHandler implements ICommandHandler<ReplayConsumerGroup> {
  constructor(private readonly store: DeadLetterStore) {}
  async execute({ consumerGroup }: ReplayConsumerGroup) {
    return { consumer_group: consumerGroup, requested: await this.store.requestGroupReplay(consumerGroup) };
  }
}

export const DEAD_LETTER_HANDLERS = [ListDeadLettersHandler, GetDeadLetterHandler, ReplayDeadLetterHandler, ReplayConsumerGroupHandler];
