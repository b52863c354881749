import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConsultationsExpired } from '@tuerca/contracts';
import { Clock, ContextDatabase, recordEvent, withinTransaction } from '@tuerca/platform';
import { Balance } from './balance.entity.js';
import { isDue } from './balance.rules.js';

/** What is left of a balance expires; idempotent, and a no-op before its time. Answers whether it expired now. */
export class ExpireBalance extends Command<boolean> {
  constructor(
    readonly balanceId: string,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(ExpireBalance)
export class ExpireBalanceHandler implements ICommandHandler<ExpireBalance> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ balanceId, tx }: ExpireBalance): Promise<boolean> {
    const now = this.clock.now();
    return withinTransaction(this.db, tx, async (em) => {
      const balance = await em.findOne(Balance, { id: balanceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!balance || !isDue(balance, now)) return false;
      const remaining = balance.remaining;
      balance.remaining = 0;
      balance.expiredAt = now;
      recordEvent(
        em,
        ConsultationsExpired,
        { balanceId, userId: balance.userId, type: balance.type, remaining },
        { aggregateId: balance.userId, actor: { kind: 'system', id: 'billing' }, occurredAt: now },
      );
      await em.flush();
      return true;
    });
  }
}
