import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AdviserAssigned,
  UserRegistered,
  UserUpdated,
  isEvent,
  t,
  type AdminListQuery,
  type AdminTransaction,
  type EventEnvelope,
  type FollowUpState,
  type PayloadOf,
  type SessionUser,
} from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  ContextRegistry,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  kysely,
  listPage,
  rangeWindow,
  recordEvent,
  withinTransaction,
} from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { lockTransaction } from '../purchases/transaction-lifecycle.js';
import { TransactionNote } from './closing.entities.js';
import { isOperator } from './closing-access.js';
import { readAdminTransactions } from './admin-transaction.views.js';

/**
 * Advisers (spec 000 §6: "an adviser assigned to a transaction"; §7 PATCH .../{id}/registerAdviser (adviser_id)).
 * An operator assigns; the assigned adviser works the transaction (notes, follow-up state); other advisers and
 * other transactions they only read (issue #13: "reads others but writes nothing else").
 */

/** PATCH .../{id}/registerAdviser: operators only (the route says so); the adviser must be one identity announced, active. */
export class RegisterAdviser extends Command<AdminTransaction> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
    readonly adviserId: string,
  ) {
    super();
  }
}

@CommandHandler(RegisterAdviser)
export class RegisterAdviserHandler implements ICommandHandler<RegisterAdviser> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id, adviserId }: RegisterAdviser): Promise<AdminTransaction> {
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const tx = await lockTransaction(em, { id });
      if (!tx || !isOperator(user)) throw new NotFoundError();
      const adviser = await kysely<MarketplaceDB>(em)
        .selectFrom('Adviser')
        .select('userId')
        .where('userId', '=', adviserId)
        .where('active', '=', true)
        .executeTakeFirst();
      if (!adviser)
        throw new ValidationError([t('closing.adviserUnknown')], [{ path: 'adviser_id', message: t('closing.adviserUnknown') }]);
      if (tx.adviserId === adviserId) return;
      const previous = tx.adviserId ?? null;
      tx.adviserId = adviserId;
      tx.adviserAssignedAt = now;
      tx.followUpState = 'open';
      tx.updatedAt = now;
      recordEvent(
        em,
        AdviserAssigned,
        { transactionId: tx.id, refVenta: tx.refVenta, storeId: tx.store.id, adviserId, previousAdviserId: previous },
        { aggregateId: tx.id, actor: { kind: 'user', id: user.id }, occurredAt: now },
      );
    });
    const [view] = await readAdminTransactions(this.db.em(), [id], now);
    return view!;
  }
}

/** PATCH .../{id}/adviserFollowUp: the assigned adviser (or an operator) adds a note and/or moves the follow-up state. */
export class AdviserFollowUp extends Command<AdminTransaction> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
    readonly change: { note?: string; followUpState?: FollowUpState },
  ) {
    super();
  }
}

@CommandHandler(AdviserFollowUp)
export class AdviserFollowUpHandler implements ICommandHandler<AdviserFollowUp> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, id, change }: AdviserFollowUp): Promise<AdminTransaction> {
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const tx = await lockTransaction(em, { id });
      if (!tx) throw new NotFoundError();
      // Advisers read every transaction (so the id exists for them): writing one not assigned to them is 403.
      if (!isOperator(user) && tx.adviserId !== user.id) throw new ForbiddenError(t('closing.notYourAssignment'));
      if (change.note)
        em.create(TransactionNote, {
          id: randomUUID(),
          transaction: tx.id,
          authorId: user.id,
          authorRole: isOperator(user) ? 'operator' : 'adviser',
          text: change.note,
          createdAt: now,
        });
      if (change.followUpState) tx.followUpState = change.followUpState;
      tx.updatedAt = now;
    });
    const [view] = await readAdminTransactions(this.db.em(), [id], now);
    return view!;
  }
}

/** Identity's UserRegistered / UserUpdated into the advisers read model: an account with the adviser role, active or not. */
export class ApplyAdviserEvent extends Command<void> {
  constructor(
    readonly event: EventEnvelope<PayloadOf<typeof UserRegistered> | PayloadOf<typeof UserUpdated>>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(ApplyAdviserEvent)
export class ApplyAdviserEventHandler implements ICommandHandler<ApplyAdviserEvent> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ event, tx }: ApplyAdviserEvent): Promise<void> {
    const changedAt = new Date(event.occurredAt);
    const registered = isEvent(event, UserRegistered) ? event.payload : null;
    const updated = isEvent(event, UserUpdated) ? event.payload : null;
    const p = (registered ?? updated)!;
    const isAdviser = p.roles.includes('adviser');
    const active = isAdviser && (updated ? updated.active : true);
    await withinTransaction(this.db, tx, async (em) => {
      const k = kysely<MarketplaceDB>(em);
      const known = await k.selectFrom('Adviser').select('userId').where('userId', '=', p.userId).executeTakeFirst();
      if (!isAdviser && !known) return;
      await k
        .insertInto('Adviser')
        .values({ userId: p.userId, email: registered?.email ?? null, active, changedAt })
        .onConflict((oc) =>
          oc
            .column('userId')
            .doUpdateSet((eb) => ({
              active: eb.ref('excluded.active'),
              changedAt: eb.ref('excluded.changedAt'),
              ...(registered ? { email: eb.ref('excluded.email') } : {}),
            }))
            .where('Adviser.changedAt', '<=', changedAt),
        )
        .execute();
    });
  }
}

/** The consumer group `marketplace.advisers`. */
@Injectable()
export class AdvisersConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'advisers',
      events: [UserRegistered, UserUpdated],
      handle: async (event, em) => {
        await this.commands.execute(new ApplyAdviserEvent(event, em));
      },
    });
  }
}

/** /admin-api/advisers: the active advisers, for the assignment picker. */
export class ListAdvisers extends Query<{ rows: { id: string; email: string | null; active: boolean }[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly ids: string[] | undefined,
  ) {
    super();
  }
}

@QueryHandler(ListAdvisers)
export class ListAdvisersHandler implements IQueryHandler<ListAdvisers> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, ids }: ListAdvisers) {
    let q = kysely<MarketplaceDB>(this.db.em()).selectFrom('Adviser').select(['userId as id', 'email', 'active']);
    q = ids ? q.where('userId', 'in', ids.length ? ids : ['']) : q.where('active', '=', true);
    return listPage(q, rangeWindow(query, ids), {
      sort: query.sort,
      spec: { sortable: { id: 'user_id', email: 'email' }, fallback: { field: 'email', order: 'ASC' }, idColumn: 'user_id' },
    });
  }
}
