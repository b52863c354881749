import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  APP_PARAMETERS,
  AppParameterChanged,
  isAppParameterName,
  type Actor,
  type AppParameterName,
  type AppParameters,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely, parseInput, recordEvent } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { AppParametersService } from './app-parameters.service.js';

/** An operator sets a parameter: validated by the parameter's own schema, audited, announced. */
export class SetAppParameter extends Command<AppParameters[AppParameterName]> {
  constructor(
    readonly name: string,
    readonly value: unknown,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(SetAppParameter)
export class SetAppParameterHandler implements ICommandHandler<SetAppParameter> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly parameters: AppParametersService,
    private readonly clock: Clock,
  ) {}

  async execute({ name, value: raw, actor }: SetAppParameter): Promise<AppParameters[AppParameterName]> {
    if (!isAppParameterName(name)) throw new NotFoundError();
    const value = parseInput(APP_PARAMETERS[name].schema, raw) as AppParameters[AppParameterName];
    const changedBy = actor.kind === 'user' ? actor.id : 'system';
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const k = kysely<BillingDB>(em);
      const prev = await k.selectFrom('AppParameter').select('value').where('name', '=', name).forUpdate().executeTakeFirst();
      const previous = prev ? prev.value : APP_PARAMETERS[name].default;
      await k
        .insertInto('AppParameter')
        .values({ name, value, updatedAt: now, updatedBy: changedBy })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value, updatedAt: now, updatedBy: changedBy }))
        .execute();
      await k.insertInto('AppParameterChange').values({ name, value, previous, changedBy, changedAt: now }).execute();
      recordEvent(em, AppParameterChanged, { name, value, previous, changedBy }, { aggregateId: name, actor, occurredAt: now });
      await em.flush();
    });
    this.parameters.invalidate();
    return value;
  }
}
