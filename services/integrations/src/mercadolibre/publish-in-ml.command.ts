import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { ErrorCodes, t, type ChannelListing as ChannelListingView, type ListingStatus } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, kysely } from '@tuerca/platform';
import type { IntegrationsDB } from '../integrations.database.js';
import { ListingDuties } from '../listings/listing-duties.js';
import { listingId } from '../listings/channel-listing.entity.js';
import { LISTING_COLUMNS, toListingView } from '../listings/listing-view.js';
import { freePublicationsOf } from './ml-indicators.query.js';
import { publicationRefusal } from './ml.rules.js';

/** Products of a store to publish on MercadoLibre (all its published ones when none are named). */
export class PublishInMl extends Command<{ queued: number }> {
  constructor(
    readonly storeId: string,
    readonly productIds?: string[],
    /** The person publishing for their own store: a marketplace-integration plan they bought is the store's. */
    readonly userId?: string,
  ) {
    super();
  }
}

/**
 * Each product gets a listing due now; the worker creates the items. Listing needs a marketplace-integration
 * plan in force, whose free publications (getFreepublicationsinML) cap the store's open listings
 * (`publicationAllowance`): without a plan, or beyond them, nothing is written.
 */
@CommandHandler(PublishInMl)
export class PublishInMlHandler implements ICommandHandler<PublishInMl> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly duties: ListingDuties,
  ) {}

  async execute({ storeId, productIds, userId }: PublishInMl) {
    const ids = await this.db.transactional(async (em) => {
      const k = kysely<IntegrationsDB>(em);
      const connection = await k.selectFrom('MlConnection').select(['state']).where('storeId', '=', storeId).forUpdate().executeTakeFirst();
      if (connection?.state !== 'connected') throw new DomainError(409, ErrorCodes.VALIDATION_FAILED, [t('integrations.ml.notConnected')]);
      let q = k
        .selectFrom('MirroredProduct as p')
        .leftJoin('ChannelListing as l', (j) => j.onRef('l.productId', '=', 'p.id').on('l.channel', '=', 'mercadolibre'))
        .select(['p.id', 'l.status', 'l.desiredStatus'])
        .where('p.storeId', '=', storeId)
        .where('p.state', '=', 'published');
      if (productIds) q = q.where('p.id', 'in', productIds.length > 0 ? productIds : ['00000000-0000-0000-0000-000000000000']);
      const products = await q.execute();
      if (productIds && products.length !== new Set(productIds).size) throw new NotFoundError(t('integrations.productNotFound'));
      const fresh = products.filter((p) => !p.status || p.desiredStatus === 'closed' || p.status === 'error' || p.status === 'closed');
      const now = this.clock.now();
      const { allowance, view } = await freePublicationsOf(k, storeId, now, userId);
      const refusal = publicationRefusal(allowance, view.used, fresh.length);
      if (refusal === 'no-plan') throw new DomainError(409, ErrorCodes.EXHAUSTED_ML_PUBLICATIONS, [t('integrations.ml.planRequired')]);
      if (refusal === 'plan-exhausted')
        throw new DomainError(409, ErrorCodes.EXHAUSTED_ML_PUBLICATIONS, [
          t('integrations.ml.freePublicationsExhausted', { amount: allowance.free }),
        ]);
      const rows = products.map((p) => ({
        id: listingId('mercadolibre', p.id),
        channel: 'mercadolibre' as const,
        productId: p.id,
        storeId,
        status: 'pending' as const,
        desiredStatus: 'active' as const,
        compatibilities: 0,
        attempts: 0,
        syncDueAt: now,
        createdAt: now,
        updatedAt: now,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await k
          .insertInto('ChannelListing')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) =>
            oc.columns(['channel', 'productId']).doUpdateSet({
              desiredStatus: 'active' as const,
              syncDueAt: now,
              attempts: 0,
              updatedAt: now,
              // A listing closed on MercadoLibre cannot be re-opened: a new item is made.
              externalId: sql<string | null>`case when channel_listings.status = 'closed' then null else channel_listings.external_id end`,
              status: sql<ListingStatus>`case when channel_listings.status in ('closed', 'error') then 'pending' else channel_listings.status end`,
            }),
          )
          .execute();
      return rows.map((r) => r.id);
    });
    await this.duties.arm(null, ids);
    return { queued: ids.length };
  }
}

/** spec 000 §7 "PATCH /{id}/changeStateInML (body)": a product's listing paused or activated (sent by the worker). */
export class ChangeStateInMl extends Command<ChannelListingView> {
  constructor(
    readonly storeId: string | null,
    readonly productId: string,
    readonly state: 'active' | 'paused',
  ) {
    super();
  }
}

@CommandHandler(ChangeStateInMl)
export class ChangeStateInMlHandler implements ICommandHandler<ChangeStateInMl> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly duties: ListingDuties,
  ) {}

  async execute({ storeId, productId, state }: ChangeStateInMl) {
    const id = listingId('mercadolibre', productId);
    const view = await this.db.transactional(async (em) => {
      const k = kysely<IntegrationsDB>(em);
      const listing = await k
        .selectFrom('ChannelListing')
        .select(['storeId', 'status', 'externalId'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      // Another store's product answers as a product that is not listed: ids reveal nothing.
      if (!listing || (storeId && listing.storeId !== storeId) || listing.status === 'closed')
        throw new NotFoundError(t('integrations.ml.notListed'));
      const now = this.clock.now();
      const row = await k
        .updateTable('ChannelListing')
        .set({ desiredStatus: state, syncDueAt: now, attempts: 0, updatedAt: now })
        .where('id', '=', id)
        .returning(LISTING_COLUMNS)
        .executeTakeFirstOrThrow();
      return toListingView(row);
    });
    await this.duties.arm(null, [id]);
    return view;
  }
}

/**
 * MercadoLibre's notification of the `items` topic: the item's listing is made due, so the worker reads the
 * item and keeps what changed there (GET /items/{id}). Unknown items and other topics are acknowledged and ignored.
 */
export class ReceiveMlNotification extends Command<{ accepted: boolean }> {
  constructor(readonly notification: { topic: string; resource: string; user_id: string }) {
    super();
  }
}

@CommandHandler(ReceiveMlNotification)
export class ReceiveMlNotificationHandler implements ICommandHandler<ReceiveMlNotification> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly duties: ListingDuties,
  ) {}

  async execute({ notification }: ReceiveMlNotification) {
    const itemId = /^\/items\/([A-Z]{3}\d+)/.exec(notification.resource)?.[1];
    if (!['items', 'items_prices', 'stock-locations'].includes(notification.topic) || !itemId) return { accepted: false };
    const k = kysely<IntegrationsDB>(this.db.em());
    const now = this.clock.now();
    // Only a listing of the MercadoLibre user the notification names: a forged resource id changes nothing of another store.
    const rows = await k
      .updateTable('ChannelListing')
      .set({ syncDueAt: now, attempts: 0, updatedAt: now })
      .where('channel', '=', 'mercadolibre')
      .where('externalId', '=', itemId)
      .where('storeId', 'in', (eb) => eb.selectFrom('MlConnection').select('storeId').where('mlUserId', '=', notification.user_id))
      .returning(['id'])
      .execute();
    await this.duties.arm(
      null,
      rows.map((r) => r.id),
    );
    return { accepted: rows.length > 0 };
  }
}
