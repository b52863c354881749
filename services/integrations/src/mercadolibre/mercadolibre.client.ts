import type { MlSite } from '@tuerca/contracts';
import { callJson } from '../listings/outside-errors.js';

/** MercadoLibre's token answer (POST /oauth/token). */
export interface MlTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user_id: number | string;
  scope?: string;
}

export interface MlItem {
  id: string;
  status: string;
  permalink?: string;
}

/**
 * MercadoLibre's published API (developers.mercadolibre.com): OAuth 2.0 authorization code with refresh
 * (`POST /oauth/token`), the user (`GET /users/me`), category prediction (`GET /sites/{site}/domain_discovery/search`),
 * items (`POST /items`, `PUT /items/{id}`, `GET /items/{id}`, `POST /items/{id}/description`) and autoparts
 * compatibilities (`POST /items/{id}/compatibilities`). No state: tokens come from the caller.
 */
export class MercadoLibreClient {
  constructor(
    private readonly apiUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  private url(path: string): string {
    return `${this.apiUrl.replace(/\/$/, '')}${path}`;
  }

  private async token(form: Record<string, string>): Promise<MlTokens> {
    const { body } = await callJson('mercadolibre', this.url('/oauth/token'), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.clientId, client_secret: this.clientSecret, ...form }).toString(),
    });
    return body as MlTokens;
  }

  exchangeCode(code: string, redirectUri: string): Promise<MlTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<MlTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await callJson('mercadolibre', this.url(path), {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.body as T;
  }

  me(token: string): Promise<{ id: number | string; nickname: string; site_id?: string }> {
    return this.call(token, 'GET', '/users/me');
  }

  async predictCategory(token: string, site: MlSite, title: string): Promise<string | null> {
    const found = await this.call<{ category_id: string }[]>(
      token,
      'GET',
      `/sites/${site}/domain_discovery/search?limit=1&q=${encodeURIComponent(title)}`,
    );
    return found[0]?.category_id ?? null;
  }

  createItem(token: string, item: Record<string, unknown>): Promise<MlItem> {
    return this.call(token, 'POST', '/items', item);
  }

  updateItem(token: string, id: string, changes: Record<string, unknown>): Promise<MlItem> {
    return this.call(token, 'PUT', `/items/${encodeURIComponent(id)}`, changes);
  }

  getItem(token: string, id: string): Promise<MlItem> {
    return this.call(token, 'GET', `/items/${encodeURIComponent(id)}`);
  }

  setDescription(token: string, id: string, plainText: string): Promise<unknown> {
    return this.call(token, 'POST', `/items/${encodeURIComponent(id)}/description`, { plain_text: plainText });
  }

  setCompatibilities(token: string, id: string, body: Record<string, unknown>): Promise<unknown> {
    return this.call(token, 'POST', `/items/${encodeURIComponent(id)}/compatibilities`, body);
  }
}

/** The site's own authorization host (auth.mercadolibre.com.co, auth.mercadolibre.com.mx). */
export const mlAuthHost = (site: MlSite): string =>
  site === 'MLM' ? 'https://auth.mercadolibre.com.mx' : 'https://auth.mercadolibre.com.co';
