import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Channel } from '@tuerca/contracts';
import { Clock, ContextDatabase, ScheduledWork, kysely, type ScheduledWorkHandle } from '@tuerca/platform';
import { integrationsConfig, type IntegrationsConfig } from '../integrations.config.js';
import type { IntegrationsDB } from '../integrations.database.js';
import { SyncListing } from './sync-listing.command.js';
import { listingId } from './channel-listing.entity.js';

/**
 * The channels' outside work (issue 18: "work that talks to outside services runs in the worker as scheduled,
 * retried work, never on the request path"). A listing row due for a sync (`sync_due_at`) is the duty; one
 * ScheduledWork per channel arms its BullMQ alarm under a fixed id after the commit, and its sweep
 * (INTEGRATIONS_SYNC_SWEEP_SECONDS) re-arms what a crash or a consumer's transaction left unarmed. A failed
 * sync is retried with back-off; the last attempt marks the listing 'error' with MercadoLibre's or Google's
 * answer, where the seller and the operator see it and an operator can retry it.
 */
@Injectable()
export class ListingDuties implements OnModuleInit {
  readonly handles = new Map<Channel, ScheduledWorkHandle>();

  constructor(
    private readonly scheduled: ScheduledWork,
    private readonly db: ContextDatabase,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    @Inject(integrationsConfig.token) private readonly config: IntegrationsConfig,
  ) {}

  onModuleInit(): void {
    for (const [channel, name] of [
      ['mercadolibre', 'ml-listing-sync'],
      ['google_merchant', 'gmc-listing-sync'],
    ] as const) {
      this.handles.set(
        channel,
        this.scheduled.define({
          queue: 'integrations',
          name,
          sweepEveryMs: this.config.INTEGRATIONS_SYNC_SWEEP_SECONDS * 1000,
          attempts: this.config.INTEGRATIONS_MAX_ATTEMPTS,
          pending: async (horizon, limit) =>
            (
              await kysely<IntegrationsDB>(this.db.em())
                .selectFrom('ChannelListing')
                .select(['id', 'syncDueAt'])
                .where('channel', '=', channel)
                .where('syncDueAt', 'is not', null)
                .where('syncDueAt', '<=', horizon)
                .orderBy('syncDueAt')
                .limit(limit)
                .execute()
            ).map((r) => ({ id: r.id, runAt: r.syncDueAt! })),
          run: async (id) => {
            await this.commands.execute(new SyncListing(id));
          },
        }),
      );
    }
  }

  /** After a commit: the alarms of listings just made due. Best effort (the sweep repairs). */
  async arm(em: EntityManager | null, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await kysely<IntegrationsDB>(em ?? this.db.em())
      .selectFrom('ChannelListing')
      .select(['id', 'channel', 'syncDueAt'])
      .where('id', 'in', ids)
      .where('syncDueAt', 'is not', null)
      .execute();
    for (const r of rows) await this.scheduled.arm(this.handles.get(r.channel)!, { id: r.id, runAt: r.syncDueAt! });
  }

  /**
   * A product changed: every listing of it is due (stock, price, title follow); a product withdrawn (deleted,
   * depleted, out of stock) is closed on MercadoLibre and removed from Merchant Center. A store sending to Merchant
   * Center gets a listing for a product it did not have yet. Runs in the caller's transaction; the sweep arms it.
   */
  async productChanged(em: EntityManager, productId: string, withdrawn: boolean): Promise<void> {
    const k = kysely<IntegrationsDB>(em);
    const now = this.clock.now();
    await k
      .updateTable('ChannelListing')
      .set({
        syncDueAt: now,
        attempts: 0,
        updatedAt: now,
        desiredStatus: withdrawn
          ? 'closed'
          : sql<'active' | 'paused' | 'closed'>`case when desired_status = 'closed' then 'active' else desired_status end`,
      })
      .where('productId', '=', productId)
      .execute();
    if (withdrawn) return;
    const sending = await k
      .selectFrom('MirroredProduct as p')
      .innerJoin('MerchantStore as m', 'm.storeId', 'p.storeId')
      .select(['p.storeId'])
      .where('p.id', '=', productId)
      .where('m.enabled', '=', true)
      .executeTakeFirst();
    if (!sending) return;
    await k
      .insertInto('ChannelListing')
      .values({
        id: listingId('google_merchant', productId),
        channel: 'google_merchant',
        productId,
        storeId: sending.storeId,
        status: 'pending',
        desiredStatus: 'active',
        compatibilities: 0,
        attempts: 0,
        syncDueAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.columns(['channel', 'productId']).doNothing())
      .execute();
  }
}
