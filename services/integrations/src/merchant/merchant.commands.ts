import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t } from '@tuerca/contracts';
import { APP_CONFIG, Clock, ContextDatabase, NotFoundError, kysely, type AppConfig } from '@tuerca/platform';
import type { Kysely } from 'kysely';
import type { IntegrationsDB } from '../integrations.database.js';
import { ListingDuties } from '../listings/listing-duties.js';
import { feedXml } from './merchant.rules.js';

export interface MerchantState {
  store_id: string;
  enabled: boolean;
  feed_url: string;
  items: number;
  inserted: number;
  pending: number;
  with_errors: number;
}

const feedUrlOf = (publicUrl: string, storeId: string) => `${publicUrl.replace(/\/$/, '')}/api/integrations/googleMerchant/feed/${storeId}`;

async function stateOf(k: Kysely<IntegrationsDB>, storeId: string, publicUrl: string): Promise<MerchantState> {
  const store = await k.selectFrom('MerchantStore').select(['enabled']).where('storeId', '=', storeId).executeTakeFirst();
  const rows = await k
    .selectFrom('ChannelListing')
    .select(['status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel', '=', 'google_merchant')
    .where('storeId', '=', storeId)
    .groupBy('status')
    .execute();
  const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return {
    store_id: storeId,
    enabled: store?.enabled ?? false,
    feed_url: feedUrlOf(publicUrl, storeId),
    items: rows.reduce((n, r) => n + Number(r.n), 0) - count('closed'),
    inserted: count('active'),
    pending: count('pending'),
    with_errors: count('error'),
  };
}

/**
 * Send (enabled) or withdraw (spec 000 §7 "DELETE /{id}/deleteAllProductsOfGMC") a store's products on Google
 * Merchant Center: every listing is made due with its new desired state and the worker inserts or deletes.
 */
export class SetMerchantEnabled extends Command<MerchantState> {
  constructor(
    readonly storeId: string,
    readonly enabled: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetMerchantEnabled)
export class SetMerchantEnabledHandler implements ICommandHandler<SetMerchantEnabled> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly duties: ListingDuties,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  async execute({ storeId, enabled }: SetMerchantEnabled) {
    const ids = await this.db.transactional(async (em) => {
      const k = kysely<IntegrationsDB>(em);
      const store = await k.selectFrom('MirroredStore').select(['id']).where('id', '=', storeId).executeTakeFirst();
      if (!store) throw new NotFoundError(t('integrations.storeNotFound'));
      const now = this.clock.now();
      await k
        .insertInto('MerchantStore')
        .values({ storeId, enabled, updatedAt: now })
        .onConflict((oc) => oc.column('storeId').doUpdateSet({ enabled, updatedAt: now }))
        .execute();
      if (enabled) {
        const products = await k
          .selectFrom('MirroredProduct')
          .select(['id'])
          .where('storeId', '=', storeId)
          .where('state', '=', 'published')
          .execute();
        if (products.length > 0)
          await k
            .insertInto('ChannelListing')
            .values(
              products.map((p) => ({
                id: `gmc-${p.id}`,
                channel: 'google_merchant' as const,
                productId: p.id,
                storeId,
                status: 'pending' as const,
                desiredStatus: 'active' as const,
                compatibilities: 0,
                attempts: 0,
                syncDueAt: now,
                createdAt: now,
                updatedAt: now,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['channel', 'productId']).doUpdateSet({ desiredStatus: 'active', syncDueAt: now, attempts: 0, updatedAt: now }),
            )
            .execute();
      } else {
        await k
          .updateTable('ChannelListing')
          .set({ desiredStatus: 'closed', syncDueAt: now, attempts: 0, updatedAt: now })
          .where('channel', '=', 'google_merchant')
          .where('storeId', '=', storeId)
          .where('status', '!=', 'closed')
          .execute();
      }
      return (
        await k
          .selectFrom('ChannelListing')
          .select(['id'])
          .where('channel', '=', 'google_merchant')
          .where('storeId', '=', storeId)
          .where('syncDueAt', '=', now)
          .execute()
      ).map((r) => r.id);
    });
    await this.duties.arm(null, ids);
    return stateOf(kysely<IntegrationsDB>(this.db.em()), storeId, this.app.PUBLIC_URL);
  }
}

export class GetMerchantState extends Query<MerchantState> {
  constructor(readonly storeId: string) {
    super();
  }
}

@QueryHandler(GetMerchantState)
export class GetMerchantStateHandler implements IQueryHandler<GetMerchantState> {
  constructor(
    private readonly db: ContextDatabase,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  execute({ storeId }: GetMerchantState) {
    return stateOf(kysely<IntegrationsDB>(this.db.em()), storeId, this.app.PUBLIC_URL);
  }
}

/** A store's feed at its stable URL: its products listed active on Merchant Center, in Google's format. */
export class GetMerchantFeed extends Query<string> {
  constructor(readonly storeId: string) {
    super();
  }
}

@QueryHandler(GetMerchantFeed)
export class GetMerchantFeedHandler implements IQueryHandler<GetMerchantFeed> {
  constructor(
    private readonly db: ContextDatabase,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  async execute({ storeId }: GetMerchantFeed) {
    const k = kysely<IntegrationsDB>(this.db.em());
    const merchant = await k.selectFrom('MerchantStore').select(['enabled']).where('storeId', '=', storeId).executeTakeFirst();
    const store = await k.selectFrom('MirroredStore').selectAll().where('id', '=', storeId).executeTakeFirst();
    if (!merchant?.enabled || !store) throw new NotFoundError(t('integrations.storeNotFound'));
    const products = await k
      .selectFrom('MirroredProduct as p')
      .innerJoin('ChannelListing as l', (j) => j.onRef('l.productId', '=', 'p.id').on('l.channel', '=', 'google_merchant'))
      .selectAll('p')
      .where('p.storeId', '=', storeId)
      .where('p.state', '=', 'published')
      .where('l.status', '=', 'active')
      .orderBy('p.id')
      .execute();
    return feedXml(store, products, this.app.PUBLIC_URL);
  }
}
