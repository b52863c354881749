import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Channel, ListingStatus } from '@tuerca/contracts';

/**
 * One product on one channel (`ml-<productId>`, `gmc-<productId>`). The row is the sync's duty: `sync_due_at`
 * says it must be sent (created, changed, paused, withdrawn); a BullMQ job under a fixed id is only its alarm,
 * and a sweep re-arms missing ones. `attempts` and `last_error` make failures visible.
 */
export const ChannelListing = defineEntity({
  name: 'ChannelListing',
  tableName: 'channel_listings',
  properties: {
    id: p.text().primary(),
    channel: p.text().$type<Channel>(),
    productId: p.uuid(),
    storeId: p.uuid(),
    /** MercadoLibre's item id (MCO123…), or the Merchant API product input's name. */
    externalId: p.text().nullable(),
    status: p.text().$type<ListingStatus>(),
    desiredStatus: p.text().$type<'active' | 'paused' | 'closed'>(),
    compatibilities: p.integer().default(0),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    syncDueAt: p.datetime().nullable(),
    syncedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  uniques: [{ name: 'channel_listings_product', properties: ['channel', 'productId'] }],
  indexes: [
    { name: 'channel_listings_due', properties: ['channel', 'syncDueAt'], where: 'sync_due_at is not null' },
    { name: 'channel_listings_store', properties: ['storeId', 'channel', 'status'] },
    { name: 'channel_listings_external', properties: ['externalId'], where: 'external_id is not null' },
  ],
});
export type ChannelListing = InferEntity<typeof ChannelListing>;

export const listingId = (channel: Channel, productId: string): string => `${channel === 'mercadolibre' ? 'ml' : 'gmc'}-${productId}`;
