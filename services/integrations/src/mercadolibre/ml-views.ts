import type { MlConnectionView } from '@tuerca/contracts';
import type { MlConnection } from './ml-connection.entity.js';

/** A store's connection as the seller sees it: never its tokens. */
export function toConnectionView(
  storeId: string,
  row: Pick<MlConnection, 'siteId' | 'state' | 'mlUserId' | 'mlNickname' | 'tokenExpiresAt' | 'lastError' | 'connectedAt'> | null,
  site: 'MCO' | 'MLM' = 'MCO',
): MlConnectionView {
  return {
    store_id: storeId,
    site_id: row?.siteId ?? site,
    state: row?.state ?? 'not_connected',
    ml_user_id: row?.mlUserId ?? null,
    ml_nickname: row?.mlNickname ?? null,
    token_expires_at: row?.tokenExpiresAt?.toISOString() ?? null,
    last_error: row?.lastError ?? null,
    connected_at: row?.connectedAt?.toISOString() ?? null,
  };
}
