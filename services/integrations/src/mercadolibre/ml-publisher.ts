import { Inject, Injectable } from '@nestjs/common';
import { ContextDatabase, kysely } from '@tuerca/platform';
import { integrationsConfig, type IntegrationsConfig } from '../integrations.config.js';
import type { IntegrationsDB } from '../integrations.database.js';
import type { ChannelListing } from '../listings/channel-listing.entity.js';
import { OutsideServiceError } from '../listings/outside-errors.js';
import type { SyncOutcome } from '../listings/sync-outcome.js';
import { MlTokenStore } from './ml-tokens.js';
import { compatibilitiesOf, itemOf, listingStatusOf, roundPrice } from './ml.rules.js';

/**
 * A listing's state sent to MercadoLibre: the item created (category predicted from the title, description,
 * compatibilities), or its stock, price and status updated. What the seller changed on MercadoLibre itself
 * (a notification made the listing due) is read first and kept.
 */
@Injectable()
export class MlPublisher {
  constructor(
    private readonly db: ContextDatabase,
    private readonly tokens: MlTokenStore,
    @Inject(integrationsConfig.token) private readonly config: IntegrationsConfig,
  ) {}

  async sync(listing: ChannelListing): Promise<SyncOutcome> {
    try {
      return await this.once(listing, await this.tokens.accessToken(listing.storeId));
    } catch (err) {
      // An access token MercadoLibre no longer takes: refreshed once, then the call again.
      if (err instanceof OutsideServiceError && err.unauthorized && err.detail !== 'not_connected')
        return this.once(listing, await this.tokens.accessToken(listing.storeId, true));
      throw err;
    }
  }

  private async once(listing: ChannelListing, token: string): Promise<SyncOutcome> {
    const k = kysely<IntegrationsDB>(this.db.em());
    const client = this.tokens.client;
    const product = await k.selectFrom('MirroredProduct').selectAll().where('id', '=', listing.productId).executeTakeFirst();
    const store = await k.selectFrom('MirroredStore').selectAll().where('id', '=', listing.storeId).executeTakeFirst();
    const connection = await k.selectFrom('MlConnection').select(['siteId']).where('storeId', '=', listing.storeId).executeTakeFirst();
    const site = connection?.siteId ?? 'MCO';
    const currency = store?.currency ?? (site === 'MLM' ? 'MXN' : 'COP');
    const gone = !product || product.state !== 'published';

    if (!listing.externalId) {
      if (listing.desiredStatus === 'closed' || gone) return { status: 'closed', externalId: null };
      const compatibilities = compatibilitiesOf(site, product.compatibleVehicles);
      // Compatibilities are mandatory on autoparts listings in MCO and MLM: refused here rather than by MercadoLibre.
      if (compatibilities.length === 0) throw new OutsideServiceError('mercadolibre', 400, 'no_compatibilities');
      const categoryId = await client.predictCategory(token, site, product.title);
      if (!categoryId) throw new OutsideServiceError('mercadolibre', 400, 'category_not_found');
      const item = await client.createItem(
        token,
        itemOf(product, { site, currency, categoryId, listingType: this.config.ML_LISTING_TYPE }),
      );
      if (product.description.trim()) await client.setDescription(token, item.id, product.description);
      await client.setCompatibilities(token, item.id, { products_families: compatibilities });
      const status =
        listing.desiredStatus === 'paused'
          ? listingStatusOf((await client.updateItem(token, item.id, { status: 'paused' })).status)
          : listingStatusOf(item.status);
      return { status, externalId: item.id, compatibilities: compatibilities.length };
    }

    const remote = await client.getItem(token, listing.externalId);
    const remoteStatus = listingStatusOf(remote.status);
    // A change made on MercadoLibre (paused, closed there) while nothing changed here: it is kept.
    const changedThere = remoteStatus !== listing.status && listing.desiredStatus === listing.status;
    let desired: 'active' | 'paused' | 'closed' = gone ? 'closed' : listing.desiredStatus;
    if (changedThere && !gone && (remoteStatus === 'paused' || remoteStatus === 'closed' || remoteStatus === 'active'))
      desired = remoteStatus;
    if (remoteStatus === 'closed') return { status: 'closed', externalId: listing.externalId, desiredStatus: 'closed' };
    if (desired === 'closed') {
      const closed = await client.updateItem(token, listing.externalId, { status: 'closed' });
      return { status: listingStatusOf(closed.status), externalId: listing.externalId, desiredStatus: 'closed' };
    }
    const updated = await client.updateItem(token, listing.externalId, {
      available_quantity: Math.max(0, product!.stock),
      price: roundPrice(product!.price, currency),
      ...(remoteStatus === 'under_review' ? {} : { status: desired }),
    });
    const compatibilities = compatibilitiesOf(site, product!.compatibleVehicles);
    if (compatibilities.length > 0 && compatibilities.length !== listing.compatibilities)
      await client.setCompatibilities(token, listing.externalId, { products_families: compatibilities });
    return {
      status: listingStatusOf(updated.status),
      externalId: listing.externalId,
      compatibilities: compatibilities.length,
      desiredStatus: desired,
    };
  }
}
