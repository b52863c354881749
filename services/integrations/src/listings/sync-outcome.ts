import type { ListingStatus } from '@tuerca/contracts';

/** What a channel's publisher answers: the listing's state there now. */
export interface SyncOutcome {
  status: ListingStatus;
  externalId: string | null;
  compatibilities?: number;
  /** The desired state the seller changed on the channel itself (MercadoLibre notifications). */
  desiredStatus?: 'active' | 'paused' | 'closed';
}
