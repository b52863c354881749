import { Inject, Injectable } from '@nestjs/common';
import { Clock, ContextDatabase, kysely } from '@tuerca/platform';
import { integrationsConfig, type IntegrationsConfig } from '../integrations.config.js';
import type { IntegrationsDB } from '../integrations.database.js';
import { OutsideServiceError } from '../listings/outside-errors.js';
import { MercadoLibreClient, type MlTokens } from './mercadolibre.client.js';
import { TokenCipher } from './token-cipher.js';

/** A token is refreshed this long before MercadoLibre's expiry (its access tokens last 6 hours). */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** The store's MercadoLibre tokens: decrypted when used, refreshed before they expire, re-encrypted when stored. */
@Injectable()
export class MlTokenStore {
  readonly client: MercadoLibreClient;
  readonly cipher: TokenCipher;

  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(integrationsConfig.token) readonly config: IntegrationsConfig,
  ) {
    this.client = new MercadoLibreClient(config.ML_API_URL, config.ML_CLIENT_ID, config.ML_CLIENT_SECRET);
    this.cipher = new TokenCipher(config.INTEGRATIONS_TOKEN_KEY);
  }

  /** The encrypted columns of a token answer. */
  columnsOf(tokens: MlTokens) {
    return {
      accessTokenEnc: this.cipher.encrypt(tokens.access_token),
      refreshTokenEnc: this.cipher.encrypt(tokens.refresh_token),
      tokenExpiresAt: new Date(this.clock.now().getTime() + tokens.expires_in * 1000),
    };
  }

  /**
   * A valid access token of a connected store, refreshed when it is about to expire (or `force`, after a 401).
   * A refresh MercadoLibre refuses (revoked, expired grant) leaves the connection in 'error': the seller connects again.
   */
  async accessToken(storeId: string, force = false): Promise<string> {
    const k = kysely<IntegrationsDB>(this.db.em());
    const row = await k
      .selectFrom('MlConnection')
      .select(['state', 'accessTokenEnc', 'refreshTokenEnc', 'tokenExpiresAt'])
      .where('storeId', '=', storeId)
      .executeTakeFirst();
    if (!row || row.state !== 'connected' || !row.accessTokenEnc || !row.refreshTokenEnc)
      throw new OutsideServiceError('mercadolibre', 403, 'not_connected');
    const now = this.clock.now().getTime();
    if (!force && row.tokenExpiresAt && row.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS > now)
      return this.cipher.decrypt(row.accessTokenEnc);
    try {
      const tokens = await this.client.refresh(this.cipher.decrypt(row.refreshTokenEnc));
      await k
        .updateTable('MlConnection')
        .set({ ...this.columnsOf(tokens), lastError: null, updatedAt: this.clock.now() })
        .where('storeId', '=', storeId)
        .execute();
      return tokens.access_token;
    } catch (err) {
      if (err instanceof OutsideServiceError && !err.transient)
        await k
          .updateTable('MlConnection')
          .set({ state: 'error', lastError: err.detail, updatedAt: this.clock.now() })
          .where('storeId', '=', storeId)
          .execute();
      throw err;
    }
  }
}
