import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ChargingPlanChanged, t, type Actor, type ChargingPlanInput, type Currency } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, recordEvent } from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { toPlanView, validityAfterPatch, validityFor, type ChargingPlanRow, type ChargingPlanView } from './charging-plan.rules.js';

/** A new plan; `currency` absent means the app's payment currency (spec 001 §3: it comes from the app parameters). */
export type NewPlan = Omit<ChargingPlanInput, 'currency'> & { currency?: Currency };
/** Only the fields the operator sent. */
export type PlanChanges = Partial<ChargingPlanInput>;

export class CreateChargingPlanCommand extends Command<ChargingPlanView> {
  constructor(
    readonly input: NewPlan,
    readonly actor: Actor,
  ) {
    super();
  }
}

export class UpdateChargingPlanCommand extends Command<ChargingPlanView> {
  constructor(
    readonly id: string,
    readonly changes: PlanChanges,
    readonly actor: Actor,
  ) {
    super();
  }
}

export class DeleteChargingPlanCommand extends Command<ChargingPlanView> {
  constructor(
    readonly id: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

function planNotFound(): NotFoundError {
  return new NotFoundError(t('plans.planNotFound'));
}

function changed(em: EntityManager, row: ChargingPlanRow, change: 'created' | 'updated' | 'deleted', actor: Actor, at: Date): void {
  recordEvent(
    em,
    ChargingPlanChanged,
    { planId: row.id, change, active: row.active, type: row.transaction_type },
    { aggregateId: row.id, actor, occurredAt: at },
  );
}

@CommandHandler(CreateChargingPlanCommand)
export class CreateChargingPlanHandler implements ICommandHandler<CreateChargingPlanCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly parameters: AppParametersService,
  ) {}

  async execute({ input, actor }: CreateChargingPlanCommand): Promise<ChargingPlanView> {
    const currency = input.currency ?? (await this.parameters.all()).paymentCurrency;
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const rows = await em.execute<ChargingPlanRow[]>(
        `insert into charging_plans (id, title, description, amount, price, currency, transaction_type, validity_days, store_plan, active, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
        [
          randomUUID(),
          input.title,
          input.description,
          input.amount,
          input.price,
          currency,
          input.transaction_type,
          validityFor(input.transaction_type, input.validity_days),
          input.store_plan,
          input.active,
          now,
          now,
        ],
      );
      const row = rows[0]!;
      changed(em, row, 'created', actor, now);
      await em.flush();
      return toPlanView(row, { operator: true });
    });
  }
}

@CommandHandler(UpdateChargingPlanCommand)
export class UpdateChargingPlanHandler implements ICommandHandler<UpdateChargingPlanCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ id, changes, actor }: UpdateChargingPlanCommand): Promise<ChargingPlanView> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const found = await em.execute<ChargingPlanRow[]>('select * from charging_plans where id = ? and deleted_at is null for update', [
        id,
      ]);
      const current = found[0];
      if (!current) throw planNotFound();
      const next = {
        title: changes.title ?? current.title,
        description: changes.description ?? current.description,
        amount: changes.amount ?? current.amount,
        price: changes.price ?? current.price,
        currency: changes.currency ?? current.currency,
        transaction_type: changes.transaction_type ?? current.transaction_type,
        validity_days: validityAfterPatch(current, changes),
        store_plan: changes.store_plan ?? current.store_plan,
        active: changes.active ?? current.active,
      };
      // Payments copy price, consultations and validity when they start, so a change never alters one under way.
      const rows = await em.execute<ChargingPlanRow[]>(
        `update charging_plans set title = ?, description = ?, amount = ?, price = ?, currency = ?, transaction_type = ?,
           validity_days = ?, store_plan = ?, active = ?, updated_at = ?
         where id = ? returning *`,
        [
          next.title,
          next.description,
          next.amount,
          next.price,
          next.currency,
          next.transaction_type,
          next.validity_days,
          next.store_plan,
          next.active,
          now,
          id,
        ],
      );
      const row = rows[0]!;
      changed(em, row, 'updated', actor, now);
      await em.flush();
      return toPlanView(row, { operator: true });
    });
  }
}

/** Soft delete: payments keep naming the plan, so its row stays (inactive, with deleted_at) for their history. */
@CommandHandler(DeleteChargingPlanCommand)
export class DeleteChargingPlanHandler implements ICommandHandler<DeleteChargingPlanCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ id, actor }: DeleteChargingPlanCommand): Promise<ChargingPlanView> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const rows = await em.execute<ChargingPlanRow[]>(
        'update charging_plans set deleted_at = ?, active = false, updated_at = ? where id = ? and deleted_at is null returning *',
        [now, now, id],
      );
      const row = rows[0];
      if (!row) throw planNotFound();
      changed(em, row, 'deleted', actor, now);
      await em.flush();
      return toPlanView(row, { operator: true });
    });
  }
}
