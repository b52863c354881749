import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { mlSiteOfCountry, t, type MlConnectionView } from '@tuerca/contracts';
import {
  APP_CONFIG,
  Clock,
  ContextDatabase,
  LOGGER,
  NotFoundError,
  errorText,
  kysely,
  type AppConfig,
  type Logger,
} from '@tuerca/platform';
import { integrationsConfig, type IntegrationsConfig } from '../integrations.config.js';
import type { IntegrationsDB } from '../integrations.database.js';
import { OutsideServiceError } from '../listings/outside-errors.js';
import { mlAuthHost } from './mercadolibre.client.js';
import { MlTokenStore } from './ml-tokens.js';
import { toConnectionView } from './ml-views.js';

/** How long a seller has to authorize on MercadoLibre before the state expires. */
const STATE_TTL_MS = 15 * 60_000;

export const mlRedirectUri = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/api/integrations/mercadolibre/callback`;

/** Step 1 of the authorization-code flow: a one-time `state` stored with the store, and MercadoLibre's authorization URL. */
export class StartMlAuthorization extends Command<{ authorization_url: string }> {
  constructor(readonly storeId: string) {
    super();
  }
}

@CommandHandler(StartMlAuthorization)
export class StartMlAuthorizationHandler implements ICommandHandler<StartMlAuthorization> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(integrationsConfig.token) private readonly config: IntegrationsConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  async execute({ storeId }: StartMlAuthorization) {
    const k = kysely<IntegrationsDB>(this.db.em());
    const store = await k.selectFrom('MirroredStore').select(['country']).where('id', '=', storeId).executeTakeFirst();
    if (!store) throw new NotFoundError(t('integrations.storeNotFound'));
    const site = mlSiteOfCountry(store.country);
    const state = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    const pending = { oauthState: state, oauthStateExpiresAt: new Date(now.getTime() + STATE_TTL_MS), updatedAt: now };
    await k
      .insertInto('MlConnection')
      .values({ storeId, siteId: site, state: 'pending', ...pending })
      .onConflict((oc) =>
        oc.column('storeId').doUpdateSet({
          ...pending,
          siteId: site,
          // A connected store stays connected while it re-authorizes.
          state: sql<'connected' | 'pending'>`case when ml_connections.state = 'connected' then 'connected' else 'pending' end`,
        }),
      )
      .execute();
    const host = (this.config.ML_AUTH_URL || mlAuthHost(site)).replace(/\/$/, '');
    const url = new URL(`${host}/authorization`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.config.ML_CLIENT_ID);
    url.searchParams.set('redirect_uri', mlRedirectUri(this.app.PUBLIC_URL));
    url.searchParams.set('state', state);
    return { authorization_url: url.toString() };
  }
}

/**
 * Step 2: MercadoLibre sends the seller back with `code` and `state`. The state names the store (and expires);
 * the code is exchanged at POST /oauth/token, the tokens are stored encrypted, the MercadoLibre user read.
 * Answers where the operator console shows the outcome.
 */
export class CompleteMlAuthorization extends Command<string> {
  constructor(readonly query: { code?: string; state?: string; error?: string }) {
    super();
  }
}

@CommandHandler(CompleteMlAuthorization)
export class CompleteMlAuthorizationHandler implements ICommandHandler<CompleteMlAuthorization> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly tokens: MlTokenStore,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ query }: CompleteMlAuthorization): Promise<string> {
    const back = (outcome: string) => `${this.app.PUBLIC_URL.replace(/\/$/, '')}/admin/channels?mercadolibre=${outcome}`;
    if (!query.state) return back('invalid');
    const k = kysely<IntegrationsDB>(this.db.em());
    const now = this.clock.now();
    const row = await k
      .selectFrom('MlConnection')
      .select(['storeId', 'oauthStateExpiresAt'])
      .where('oauthState', '=', query.state)
      .executeTakeFirst();
    if (!row || !row.oauthStateExpiresAt || row.oauthStateExpiresAt.getTime() < now.getTime()) return back('invalid');
    // The state is spent whatever happens next.
    await k
      .updateTable('MlConnection')
      .set({ oauthState: null, oauthStateExpiresAt: null, updatedAt: now })
      .where('storeId', '=', row.storeId)
      .execute();
    if (query.error || !query.code) return back('denied');
    try {
      const tokens = await this.tokens.client.exchangeCode(query.code, mlRedirectUri(this.app.PUBLIC_URL));
      const me = await this.tokens.client.me(tokens.access_token);
      await k
        .updateTable('MlConnection')
        .set({
          ...this.tokens.columnsOf(tokens),
          state: 'connected',
          mlUserId: String(tokens.user_id ?? me.id),
          mlNickname: me.nickname,
          lastError: null,
          connectedAt: now,
          updatedAt: now,
        })
        .where('storeId', '=', row.storeId)
        .execute();
      return back('connected');
    } catch (err) {
      const detail = err instanceof OutsideServiceError ? err.detail : errorText(err);
      this.logger.warn({ store: row.storeId, err: detail }, 'MercadoLibre authorization failed');
      await k
        .updateTable('MlConnection')
        .set({
          lastError: t('integrations.ml.authorizationInvalid'),
          state: sql<'connected' | 'error'>`case when state = 'connected' then 'connected' else 'error' end`,
          updatedAt: now,
        })
        .where('storeId', '=', row.storeId)
        .execute();
      return back('error');
    }
  }
}

/** The store forgets its MercadoLibre tokens; its listings stay as they are on MercadoLibre. */
export class DisconnectMl extends Command<MlConnectionView> {
  constructor(readonly storeId: string) {
    super();
  }
}

@CommandHandler(DisconnectMl)
export class DisconnectMlHandler implements ICommandHandler<DisconnectMl> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ storeId }: DisconnectMl): Promise<MlConnectionView> {
    const row = await kysely<IntegrationsDB>(this.db.em())
      .updateTable('MlConnection')
      .set({
        state: 'not_connected',
        accessTokenEnc: null,
        refreshTokenEnc: null,
        tokenExpiresAt: null,
        oauthState: null,
        oauthStateExpiresAt: null,
        updatedAt: this.clock.now(),
      })
      .where('storeId', '=', storeId)
      .returningAll()
      .executeTakeFirst();
    return toConnectionView(storeId, row ?? null);
  }
}
