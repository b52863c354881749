import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, ContextDatabase, kysely, type AppConfig } from '@tuerca/platform';
import { integrationsConfig, type IntegrationsConfig } from '../integrations.config.js';
import type { IntegrationsDB } from '../integrations.database.js';
import type { ChannelListing } from '../listings/channel-listing.entity.js';
import { OutsideServiceError, callJson } from '../listings/outside-errors.js';
import type { SyncOutcome } from '../listings/sync-outcome.js';
import { missingRequired, productInputOf } from './merchant.rules.js';

/**
 * A listing's state sent to Google Merchant Center through the Merchant API (products v1, the Content API
 * for Shopping's successor): `POST /products/v1/accounts/{account}/productInputs:insert?dataSource=…` inserts
 * or replaces the product, `DELETE /products/v1/{name}?dataSource=…` removes it. With GMC_MODE=feed nothing is
 * pushed: Google fetches the store's feed, which holds exactly the listings marked active here.
 */
@Injectable()
export class MerchantPublisher {
  constructor(
    private readonly db: ContextDatabase,
    @Inject(integrationsConfig.token) private readonly config: IntegrationsConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  private get dataSource(): string {
    return `accounts/${this.config.GMC_ACCOUNT_ID}/dataSources/${this.config.GMC_DATA_SOURCE_ID}`;
  }

  private headers(json: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      authorization: `Bearer ${this.config.GMC_ACCESS_TOKEN}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  async sync(listing: ChannelListing): Promise<SyncOutcome> {
    const k = kysely<IntegrationsDB>(this.db.em());
    const product = await k.selectFrom('MirroredProduct').selectAll().where('id', '=', listing.productId).executeTakeFirst();
    const store = await k.selectFrom('MirroredStore').selectAll().where('id', '=', listing.storeId).executeTakeFirst();
    const withdraw = listing.desiredStatus !== 'active' || !product || product.state !== 'published' || !store;
    const api = this.config.GMC_MODE === 'merchant-api';
    const base = this.config.GMC_API_URL.replace(/\/$/, '');
    if (withdraw) {
      if (api && listing.externalId) {
        try {
          await callJson('google_merchant', `${base}/products/v1/${listing.externalId}?dataSource=${encodeURIComponent(this.dataSource)}`, {
            method: 'DELETE',
            headers: this.headers(false),
          });
        } catch (err) {
          // Already gone from Merchant Center: withdrawn all the same.
          if (!(err instanceof OutsideServiceError && err.status === 404)) throw err;
        }
      }
      return { status: 'closed', externalId: null };
    }
    const missing = missingRequired(product);
    if (missing.length > 0) throw new OutsideServiceError('google_merchant', 400, `faltan atributos requeridos: ${missing.join(', ')}`);
    if (!api) return { status: 'active', externalId: null };
    const { body } = await callJson(
      'google_merchant',
      `${base}/products/v1/accounts/${this.config.GMC_ACCOUNT_ID}/productInputs:insert?dataSource=${encodeURIComponent(this.dataSource)}`,
      {
        method: 'POST',
        headers: this.headers(true),
        body: JSON.stringify(productInputOf(product, store, this.app.PUBLIC_URL)),
      },
    );
    return { status: 'active', externalId: (body as { name: string }).name };
  }
}
