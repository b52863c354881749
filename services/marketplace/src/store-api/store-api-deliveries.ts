import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoreApiEventType, StoreWebhookBody } from '@tuerca/contracts';
import { ContextDatabase, ScheduledWork, kysely, type Duty, type ScheduledWorkHandle } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { marketplaceConfig, type MarketplaceConfig } from '../marketplace.config.js';
import { webhookRawBody } from './store-api.rules.js';
import { DeliverStoreOrder } from './deliver-store-order.command.js';

/** The order as the store's API receives it, read from the transaction and its lines as they are now. */
export async function orderBodyOf(
  em: EntityManager,
  transactionId: string,
  eventId: string,
  type: StoreApiEventType,
  occurredAt: Date,
): Promise<StoreWebhookBody | null> {
  const k = kysely<MarketplaceDB>(em);
  const tx = await k
    .selectFrom('Transaction')
    .select([
      'id',
      'refVenta',
      'store',
      'channel',
      'state',
      'currency',
      'totalCents',
      'ivaCents',
      'ivaRate',
      'comment',
      'reservationExpiresAt',
      'buyerName',
      'buyerEmail',
      'buyerMobile',
    ])
    .where('id', '=', transactionId)
    .executeTakeFirst();
  if (!tx) return null;
  const lines = await k
    .selectFrom('TransactionLine')
    .select(['product', 'title', 'reference', 'quantity', 'unitPriceCents', 'totalCents'])
    .where('transaction', '=', transactionId)
    .orderBy('position')
    .execute();
  return {
    eventId,
    type,
    occurredAt: occurredAt.toISOString(),
    order: {
      transactionId: tx.id,
      refVenta: tx.refVenta,
      storeId: tx.store,
      channel: tx.channel,
      state: tx.state,
      currency: tx.currency,
      totalCents: tx.totalCents,
      ivaCents: tx.ivaCents,
      ivaRate: tx.ivaRate,
      comment: tx.comment,
      reservationExpiresAt: tx.reservationExpiresAt ? new Date(tx.reservationExpiresAt).toISOString() : null,
      buyer: { name: tx.buyerName, email: tx.buyerEmail, mobile: tx.buyerMobile },
      lines: lines.map((l) => ({
        productId: l.product,
        title: l.title,
        reference: l.reference,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        totalCents: l.totalCents,
      })),
    },
  };
}

/**
 * Writes one delivery per active client of the transaction's store (in the caller's transaction) and answers the
 * duties to arm. `order.placed` is written once per client (unique index): a redelivered PurchasePlaced adds nothing.
 */
export async function queueDeliveries(em: EntityManager, transactionId: string, type: StoreApiEventType, now: Date): Promise<Duty[]> {
  const k = kysely<MarketplaceDB>(em);
  const tx = await k.selectFrom('Transaction').select(['store']).where('id', '=', transactionId).executeTakeFirst();
  if (!tx) return [];
  const clients = await k
    .selectFrom('StoreApiClient')
    .select(['id'])
    .where('store', '=', tx.store)
    .where('active', '=', true)
    .orderBy('createdAt')
    .execute();
  const duties: Duty[] = [];
  for (const client of clients) {
    const eventId = randomUUID();
    const body = await orderBodyOf(em, transactionId, eventId, type, now);
    if (!body) return [];
    const inserted = await k
      .insertInto('StoreApiDelivery')
      .values({
        id: randomUUID(),
        eventId,
        client: client.id,
        transaction: transactionId,
        store: tx.store,
        type,
        body: webhookRawBody(body),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        leaseUntil: null,
        deliveredAt: null,
        lastStatusCode: null,
        lastError: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.columns(['transaction', 'client']).where('type', '=', 'order.placed').doNothing())
      .returning(['id'])
      .executeTakeFirst();
    if (inserted) duties.push({ id: inserted.id, runAt: now });
  }
  return duties;
}

/**
 * The deliveries' alarm clocks (`marketplace/store-api-delivery`): a delivery row is the duty, due at
 * `next_attempt_at` (or when an attempt's lease ends); the sweep re-arms what a crash or a killed worker lost.
 */
@Injectable()
export class StoreApiDeliveries implements OnModuleInit {
  private handle: ScheduledWorkHandle | null = null;

  constructor(
    private readonly scheduled: ScheduledWork,
    private readonly db: ContextDatabase,
    private readonly commands: CommandBus,
    @Inject(marketplaceConfig.token) private readonly config: MarketplaceConfig,
  ) {}

  onModuleInit(): void {
    this.handle = this.scheduled.define({
      queue: 'marketplace',
      name: 'store-api-delivery',
      sweepEveryMs: this.config.MARKETPLACE_STORE_API_SWEEP_MS,
      // Retries of the job itself cover only a run that could not read its row yet (armed inside the
      // transaction that writes it); the HTTP back-off is the row's, re-armed after each attempt.
      attempts: 8,
      pending: async (horizon, limit) => {
        const rows = await kysely<MarketplaceDB>(this.db.em())
          .selectFrom('StoreApiDelivery')
          .select(['id', 'nextAttemptAt', 'leaseUntil'])
          .where('status', '=', 'pending')
          .where('nextAttemptAt', '<=', horizon)
          .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', horizon)]))
          .orderBy('nextAttemptAt')
          .limit(limit)
          .execute();
        return rows.map((r) => ({
          id: r.id,
          runAt: new Date(Math.max(new Date(r.nextAttemptAt!).getTime(), r.leaseUntil ? new Date(r.leaseUntil).getTime() : 0)),
        }));
      },
      run: async (id) => {
        // The attempt is made and recorded; a delivery still pending gets its next alarm.
        const next = await this.commands.execute(new DeliverStoreOrder(id));
        if (next) await this.arm([next]);
      },
    });
  }

  /** Arms the given duties (after their commit, or inside it: a run that finds no row yet is retried). */
  async arm(duties: readonly Duty[]): Promise<void> {
    for (const duty of duties) await this.scheduled.arm(this.handle!, duty);
  }

  /** The sweep, run now (tests and operations). */
  sweep(): Promise<number> {
    return this.scheduled.sweep(this.handle!);
  }
}
