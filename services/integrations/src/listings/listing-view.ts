import type { ChannelListing as ChannelListingView } from '@tuerca/contracts';
import type { ChannelListing } from './channel-listing.entity.js';

export const LISTING_COLUMNS = [
  'id',
  'channel',
  'productId',
  'storeId',
  'externalId',
  'status',
  'desiredStatus',
  'compatibilities',
  'attempts',
  'lastError',
  'syncDueAt',
  'syncedAt',
  'updatedAt',
] as const;

export function toListingView(r: Pick<ChannelListing, (typeof LISTING_COLUMNS)[number]> & { title?: string | null }): ChannelListingView {
  return {
    id: r.id,
    channel: r.channel,
    product_id: r.productId,
    store_id: r.storeId,
    title: r.title ?? '',
    external_id: r.externalId ?? null,
    status: r.status,
    desired_status: r.desiredStatus,
    compatibilities: r.compatibilities,
    attempts: r.attempts,
    last_error: r.lastError ?? null,
    sync_due_at: r.syncDueAt?.toISOString() ?? null,
    synced_at: r.syncedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}
