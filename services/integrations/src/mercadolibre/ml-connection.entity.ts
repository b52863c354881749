import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { MlSite } from '@tuerca/contracts';

/** A store's MercadoLibre account. Tokens are encrypted at rest (TokenCipher); the OAuth state lives while authorizing. */
export const MlConnection = defineEntity({
  name: 'MlConnection',
  tableName: 'ml_connections',
  properties: {
    storeId: p.uuid().primary(),
    siteId: p.text().$type<MlSite>(),
    state: p.text().$type<'not_connected' | 'pending' | 'connected' | 'error'>(),
    mlUserId: p.text().nullable(),
    mlNickname: p.text().nullable(),
    accessTokenEnc: p.text().nullable(),
    refreshTokenEnc: p.text().nullable(),
    tokenExpiresAt: p.datetime().nullable(),
    oauthState: p.text().nullable(),
    oauthStateExpiresAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    connectedAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
  uniques: [{ name: 'ml_connections_oauth_state', properties: ['oauthState'], where: 'oauth_state is not null' }],
  indexes: [{ name: 'ml_connections_user', properties: ['mlUserId'], where: 'ml_user_id is not null' }],
});
export type MlConnection = InferEntity<typeof MlConnection>;
