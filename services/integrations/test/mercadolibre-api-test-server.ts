import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** An item as the test MercadoLibre holds it. */
export interface TestItem {
  id: string;
  seller_id: string;
  status: string;
  body: Record<string, any>;
  description?: string;
  compatibilities: Record<string, any>[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A request the server answered, for assertions on what the app sent. */
export interface Received {
  method: string;
  path: string;
  auth: string | null;
  body: any;
}

/**
 * A local server following the published contract of MercadoLibre's API (developers.mercadolibre.com), for the
 * tests (api.mercadolibre.com cannot be reached from here):
 * - `GET /authorization` (the site's auth host): the page where the seller, logged in to MercadoLibre, allows the
 *   application; the form's `POST /authorization` sends the browser back to `redirect_uri` with `code` and `state`,
 *   or with `error=access_denied` when the seller does not allow it.
 * - `POST /oauth/token` (form): `authorization_code` (code once, redirect_uri must match) and `refresh_token`
 *   (a refresh token is single-use: MercadoLibre rotates it), answering `{ access_token, token_type: 'bearer',
 *   expires_in, scope, user_id, refresh_token }`; errors `{ error: 'invalid_grant', error_description, status: 400 }`.
 * - `GET /users/me`, `GET /sites/{site}/domain_discovery/search?q=`, `POST /items`, `GET|PUT /items/{id}`,
 *   `POST /items/{id}/description`, `POST /items/{id}/compatibilities`, all with `Authorization: Bearer`;
 *   an unknown or expired token answers 401 `{ message: 'invalid access token', error: 'not_found', status: 401, cause: [] }`,
 *   a bad item 400 `{ message: 'Validation error', error: 'validation_error', status: 400, cause: [{ code, message }] }`.
 * Failures can be queued per path (e.g. 429 `local_rate_limited`), and tokens expired by hand.
 */
export class MercadoLibreTestServer {
  private server!: Server;
  url = '';
  readonly clientId = 'tuerca-test-app';
  readonly clientSecret = 'test-secret';
  readonly received: Received[] = [];
  readonly items = new Map<string, TestItem>();
  private readonly codes = new Map<string, { user: string; redirect: string }>();
  private readonly access = new Map<string, { user: string; expiresAt: number }>();
  private readonly refresh = new Map<string, string>();
  private readonly failures: { method: string; path: RegExp; status: number; body: unknown }[] = [];
  private nextItem = 1_000_000;
  /** The seller who authorizes next (their MercadoLibre user id and nickname). */
  seller = { id: '123456789', nickname: 'REPUESTOSLA68' };

  /** Listens on loopback only, on `port` (any free one by default). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` calls matching method and path answer this failure. */
  failNext(method: string, path: RegExp, status: number, body: unknown, count = 1): void {
    for (let i = 0; i < count; i++) this.failures.push({ method, path, status, body });
  }

  /** Every access token expires now (the app must refresh). */
  expireTokens(): void {
    for (const t of this.access.values()) t.expiresAt = 0;
  }

  /** The seller changes an item on MercadoLibre itself (e.g. pauses it). */
  setStatus(id: string, status: string): void {
    this.items.get(id)!.status = status;
  }

  calls(method: string, path: RegExp): Received[] {
    return this.received.filter((r) => r.method === method && path.test(r.path));
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const type = req.headers['content-type'] ?? '';
    const body = !raw
      ? null
      : type.includes('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : JSON.parse(raw);
    const method = req.method ?? 'GET';
    this.received.push({ method, path: url.pathname + url.search, auth: req.headers.authorization ?? null, body });

    const failure = this.failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
    if (failure >= 0) {
      const [f] = this.failures.splice(failure, 1);
      return this.send(res, f!.status, f!.body);
    }

    // The site's authorization page: the seller, logged in to MercadoLibre, allows (or not) the application.
    if (method === 'GET' && url.pathname === '/authorization') {
      const clientId = url.searchParams.get('client_id');
      const redirect = url.searchParams.get('redirect_uri');
      if (clientId !== this.clientId || !redirect || url.searchParams.get('response_type') !== 'code')
        return this.send(res, 400, {
          error: 'invalid_request',
          error_description: 'invalid client_id, redirect_uri or response_type',
          status: 400,
        });
      const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Mercado Libre (servidor de prueba)</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto">
<p>Mercado Libre — servidor local de prueba que sigue su contrato de autorización</p>
<h1>Autoriza a la aplicación ${escapeHtml(clientId)}</h1>
<p>Cuenta de Mercado Libre: <strong>${escapeHtml(this.seller.nickname)}</strong></p>
<p>La aplicación podrá publicar y cambiar tus productos.</p>
<form method="post" action="/authorization">
${hidden('client_id', clientId)}${hidden('redirect_uri', redirect)}${hidden('state', url.searchParams.get('state') ?? '')}
<button type="submit" name="decision" value="allow">Permitir</button>
<button type="submit" name="decision" value="deny">No permitir</button>
</form></body></html>`);
    }

    // The seller's decision: back to redirect_uri with `code` and `state`, or with `error=access_denied`.
    if (method === 'POST' && url.pathname === '/authorization') {
      if (body?.client_id !== this.clientId || !body?.redirect_uri) return this.send(res, 400, { error: 'invalid_request', status: 400 });
      const back = new URL(body.redirect_uri);
      if (body.decision === 'allow') {
        const code = `TG-${randomBytes(12).toString('hex')}`;
        this.codes.set(code, { user: this.seller.id, redirect: body.redirect_uri });
        back.searchParams.set('code', code);
      } else {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has not granted access');
      }
      back.searchParams.set('state', body.state ?? '');
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }

    if (method === 'POST' && url.pathname === '/oauth/token') {
      const invalid = (description: string) =>
        this.send(res, 400, { error: 'invalid_grant', error_description: description, status: 400, cause: [] });
      if (body?.client_id !== this.clientId || body?.client_secret !== this.clientSecret)
        return this.send(res, 401, {
          error: 'invalid_client',
          error_description: 'invalid client_id or client_secret',
          status: 401,
          cause: [],
        });
      let user: string | undefined;
      if (body.grant_type === 'authorization_code') {
        const grant = this.codes.get(body.code);
        if (!grant)
          return invalid('Error validating grant. Your authorization code or refresh token may be expired or it was already used');
        if (grant.redirect !== body.redirect_uri) return invalid('the redirect_uri does not match the one of the authorization');
        this.codes.delete(body.code);
        user = grant.user;
      } else if (body.grant_type === 'refresh_token') {
        user = this.refresh.get(body.refresh_token);
        if (!user) return invalid('Error validating grant. Your authorization code or refresh token may be expired or it was already used');
        this.refresh.delete(body.refresh_token);
      } else return this.send(res, 400, { error: 'unsupported_grant_type', status: 400, cause: [] });
      const access = `APP_USR-${randomBytes(16).toString('hex')}`;
      const refresh = `TG-${randomBytes(16).toString('hex')}`;
      this.access.set(access, { user, expiresAt: Date.now() + 21_600_000 });
      this.refresh.set(refresh, user);
      return this.send(res, 200, {
        access_token: access,
        token_type: 'bearer',
        expires_in: 21600,
        scope: 'offline_access read write',
        user_id: Number(user),
        refresh_token: refresh,
      });
    }

    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const session = this.access.get(token);
    if (!session || session.expiresAt < Date.now())
      return this.send(res, 401, { message: 'invalid access token', error: 'not_found', status: 401, cause: [] });

    if (method === 'GET' && url.pathname === '/users/me')
      return this.send(res, 200, { id: Number(session.user), nickname: this.seller.nickname, site_id: 'MCO' });
    const discovery = /^\/sites\/(MCO|MLM)\/domain_discovery\/search$/.exec(url.pathname);
    if (method === 'GET' && discovery)
      return this.send(res, 200, [
        {
          domain_id: `${discovery[1]}-AUTOMOTIVE_BRAKE_PADS`,
          domain_name: 'Pastillas de freno',
          category_id: `${discovery[1]}1747`,
          category_name: 'Pastillas',
          attributes: [],
        },
      ]);
    if (method === 'POST' && url.pathname === '/items') {
      const causes: { code: string; message: string }[] = [];
      if (!body?.category_id) causes.push({ code: 'item.category_id.invalid', message: 'category_id is required' });
      if (!(body?.price > 0)) causes.push({ code: 'item.price.invalid', message: 'price must be positive' });
      if (!['COP', 'MXN'].includes(body?.currency_id)) causes.push({ code: 'item.currency_id.invalid', message: 'currency_id invalid' });
      if (typeof body?.title !== 'string' || body.title.length > 60)
        causes.push({ code: 'item.title.length.invalid', message: 'title too long' });
      if (causes.length > 0)
        return this.send(res, 400, { message: 'Validation error', error: 'validation_error', status: 400, cause: causes });
      const id = `${String(body.category_id).slice(0, 3)}${this.nextItem++}`;
      this.items.set(id, { id, seller_id: session.user, status: 'active', body, compatibilities: [] });
      return this.send(res, 201, { id, status: 'active', permalink: `https://articulo.mercadolibre.com.co/${id}` });
    }
    const item = /^\/items\/([A-Z]{3}\d+)(\/description|\/compatibilities)?$/.exec(url.pathname);
    if (item) {
      const found = this.items.get(item[1]!);
      if (!found || found.seller_id !== session.user)
        return this.send(res, 404, { message: `Item with id ${item[1]} not found`, error: 'not_found', status: 404, cause: [] });
      if (item[2] === '/description' && method === 'POST') {
        found.description = body.plain_text;
        return this.send(res, 201, { plain_text: body.plain_text });
      }
      if (item[2] === '/compatibilities' && method === 'POST') {
        found.compatibilities = body.products_families ?? [];
        return this.send(res, 201, { created_compatibilities_count: found.compatibilities.length });
      }
      if (!item[2] && method === 'GET') return this.send(res, 200, { id: found.id, status: found.status, ...found.body });
      if (!item[2] && method === 'PUT') {
        if (found.status === 'closed')
          return this.send(res, 400, { message: 'Item closed', error: 'item.status.invalid', status: 400, cause: [] });
        const { status, ...rest } = body;
        found.body = { ...found.body, ...rest };
        if (status) found.status = status;
        return this.send(res, 200, { id: found.id, status: found.status, ...found.body });
      }
    }
    return this.send(res, 404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
  }
}

/**
 * A local server following the published contract of Google's Merchant API (products v1): `POST
 * /products/v1/accounts/{account}/productInputs:insert?dataSource=` answers the ProductInput with its `name`
 * (`accounts/{account}/productInputs/{contentLanguage}~{feedLabel}~{offerId}`), `DELETE /products/v1/{name}?dataSource=`
 * removes it (404 when absent); a wrong bearer token answers 401 `{ error: { code: 401, message, status: 'UNAUTHENTICATED' } }`,
 * a product without its required attributes 400 INVALID_ARGUMENT.
 */
export class MerchantApiTestServer {
  private server!: Server;
  url = '';
  readonly token = 'ya29.test-token';
  readonly products = new Map<string, Record<string, any>>();
  readonly received: Received[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const body = raw ? JSON.parse(raw) : null;
    this.received.push({ method: req.method ?? 'GET', path: url.pathname + url.search, auth: req.headers.authorization ?? null, body });
    const error = (code: number, status: string, message: string) => this.send(res, code, { error: { code, message, status } });
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return error(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (!url.searchParams.get('dataSource')) return error(400, 'INVALID_ARGUMENT', 'dataSource is required');
    const insert = /^\/products\/v1\/accounts\/(\d+)\/productInputs:insert$/.exec(url.pathname);
    if (req.method === 'POST' && insert) {
      const a = body?.productAttributes ?? {};
      const missing = ['title', 'link', 'imageLink', 'availability', 'price', 'condition'].filter((k) => !a[k]);
      if (!body?.offerId || !body?.contentLanguage || !body?.feedLabel || missing.length > 0)
        return error(400, 'INVALID_ARGUMENT', `Missing required attributes: ${missing.join(', ') || 'offerId'}`);
      const name = `accounts/${insert[1]}/productInputs/${body.contentLanguage}~${body.feedLabel}~${body.offerId}`;
      this.products.set(name, body);
      return this.send(res, 200, { ...body, name, product: name.replace('productInputs', 'products') });
    }
    const del = /^\/products\/v1\/(accounts\/\d+\/productInputs\/.+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && del) {
      const name = decodeURIComponent(del[1]!);
      if (!this.products.delete(name)) return error(404, 'NOT_FOUND', 'Product input not found.');
      return this.send(res, 200, {});
    }
    return error(404, 'NOT_FOUND', 'Not found');
  }
}
