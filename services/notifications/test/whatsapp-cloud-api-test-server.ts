import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A template as registered (and approved) in the WhatsApp Business account: its body parameter count and quick replies. */
export interface RegisteredTemplate {
  bodyParams: number;
  quickReplies?: readonly string[];
}

export interface WhatsAppTestServerOptions {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  businessNumber: string;
  templates: Record<string, RegisteredTemplate>;
  language?: string;
  /** Where the app's webhook is, for the control endpoint `POST /_test/tap` (browser tests). */
  webhookUrl?: string;
}

/** What the business sent to one number, as the test server accepted it. */
export interface SentMessage {
  wamid: string;
  to: string;
  type: string;
  body: Record<string, any>;
}

interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

const graphError = (code: number, message: string, details?: string, type = 'OAuthException'): GraphErrorBody => ({
  error: {
    message,
    type,
    code,
    ...(details ? { error_data: { messaging_product: 'whatsapp' as const, details } } : {}),
    fbtrace_id: randomBytes(8).toString('base64url'),
  },
});

/**
 * A local server following the published contract of Meta's WhatsApp Cloud API, for the tests (the real
 * Graph API cannot be reached from here): `POST /{version}/{phone-number-id}/messages` with a Bearer token,
 * template messages checked against the templates registered here (name, language, body parameter count,
 * quick-reply buttons), interactive reply buttons checked against the API's limits (at most 3, titles up to
 * 20 characters), answers `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid…' }] }`
 * and the Graph API's error bodies (`{ error: { message, type, code, error_data, fbtrace_id } }`: 190 bad token,
 * 100 bad parameter, 132001 unknown template, 132000 parameter count, 131009 bad interactive values). Failures
 * can be queued (e.g. 429 / 130429 rate limit). It also plays the person on the phone: `tap` and `write` post
 * the webhook Meta would send, signed with the app secret (X-Hub-Signature-256).
 */
export class WhatsAppCloudApiTestServer {
  readonly sent: SentMessage[] = [];
  private readonly failures: { status: number; body: GraphErrorBody }[] = [];
  private server!: Server;
  url = '';

  private readonly options: WhatsAppTestServerOptions;

  // No parameter properties: this file also runs under Node's type stripping (scripts/e2e-server.mjs).
  constructor(options: WhatsAppTestServerOptions) {
    this.options = options;
  }

  /** The Graph API base the adapter is configured with (WHATSAPP_API_URL). */
  get apiUrl(): string {
    return `${this.url}/v23.0`;
  }

  failNext(status: number, code: number, message: string, details?: string): void {
    this.failures.push({ status, body: graphError(code, message, details) });
  }

  conversation(digits: string): SentMessage[] {
    return this.sent.filter((m) => m.to === digits);
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if ((req.url ?? '').startsWith('/_test/')) return this.control(req.method ?? 'GET', new URL(req.url!, 'http://x'), chunks, reply);
    const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return reply(400, graphError(100, 'Unknown path components', undefined, 'OAuthException'));
    if (req.headers.authorization !== `Bearer ${this.options.token}`)
      return reply(401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    if (match[1] !== this.options.phoneNumberId)
      return reply(400, {
        ...graphError(100, `Unsupported post request. Object with ID '${match[1]}' does not exist`, undefined, 'GraphMethodException'),
      });
    const failure = this.failures.shift();
    if (failure) return reply(failure.status, failure.body);
    let body: Record<string, any>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(400, graphError(100, 'Invalid parameter', 'Request body is not JSON'));
    }
    const problem = this.check(body);
    if (problem) return reply(problem.status, problem.body);
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    this.sent.push({ wamid, to: body.to, type: body.type, body });
    reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid }] });
  }

  /**
   * Control endpoints for browser tests, which run in another process: `GET /_test/sent[?to=<digits>]` lists
   * what was sent (to that number); `POST /_test/tap {to, wamid, index}` makes that number tap a quick reply of a
   * message it received (the signed webhook goes to `webhookUrl`) and answers the app's status.
   */
  private async control(method: string, url: URL, chunks: Buffer[], reply: (status: number, body: unknown) => void): Promise<void> {
    if (method === 'GET' && url.pathname === '/_test/sent') {
      const to = url.searchParams.get('to');
      return reply(200, to === null ? this.sent : this.conversation(to));
    }
    if (method === 'POST' && url.pathname === '/_test/tap' && this.options.webhookUrl) {
      const { to, wamid, index } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; wamid: string; index: number };
      const message = this.sent.find((m) => m.wamid === wamid && m.to === to);
      if (!message) return reply(404, { error: 'no such message to that number' });
      const answer = await this.deliver(this.options.webhookUrl, this.tapBody(to, message, index));
      return reply(200, answer);
    }
    reply(404, { error: 'unknown control endpoint' });
  }

  private check(body: Record<string, any>): { status: number; body: GraphErrorBody } | null {
    const bad = (code: number, message: string, details: string) => ({ status: 400, body: graphError(code, message, details) });
    if (body.messaging_product !== 'whatsapp') return bad(100, 'Invalid parameter', 'messaging_product must be whatsapp');
    if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) return bad(100, 'Invalid parameter', 'to is not a phone number');
    if (body.type === 'template') {
      const tpl = body.template ?? {};
      const registered = this.options.templates[tpl.name];
      if (!registered || tpl.language?.code !== (this.options.language ?? 'es'))
        return bad(
          132001,
          'Template name does not exist in the translation',
          `template name (${tpl.name}) does not exist in ${tpl.language?.code}`,
        );
      const components: any[] = tpl.components ?? [];
      const bodyParams = components.find((c) => c.type === 'body')?.parameters ?? [];
      if (
        bodyParams.length !== registered.bodyParams ||
        bodyParams.some((p: any) => p.type !== 'text' || !p.text || /[\n\t]| {5,}/.test(p.text))
      )
        return bad(
          132000,
          'Number of parameters does not match the expected number of params',
          `body: number of localizable_params (${bodyParams.length}) does not match the expected number of params (${registered.bodyParams})`,
        );
      const buttons = components.filter((c) => c.type === 'button');
      if (buttons.length !== (registered.quickReplies?.length ?? 0))
        return bad(131008, 'Required parameter is missing', 'buttons: quick reply payloads');
      for (const b of buttons) {
        const payload = b.parameters?.[0]?.payload;
        if (
          b.sub_type !== 'quick_reply' ||
          !registered.quickReplies?.[Number(b.index)] ||
          typeof payload !== 'string' ||
          payload.length > 128
        )
          return bad(131009, 'Parameter value is not valid', 'buttons: quick_reply index or payload');
      }
      return null;
    }
    if (body.type === 'interactive') {
      const i = body.interactive ?? {};
      const buttons: any[] = i.action?.buttons ?? [];
      if (i.type !== 'button' || !i.body?.text || buttons.length < 1 || buttons.length > 3)
        return bad(131009, 'Parameter value is not valid', 'interactive');
      if (buttons.some((b) => b.type !== 'reply' || !b.reply?.id || !b.reply?.title || b.reply.title.length > 20))
        return bad(131009, 'Parameter value is not valid', 'Button title length invalid. Max length: 20');
      return null;
    }
    if (body.type === 'text' && typeof body.text?.body === 'string') return null;
    return bad(131051, 'Unsupported message type', `type ${String(body.type)}`);
  }

  // ------------------------------------------------------------------ the person's phone: webhooks to the app

  /** Meta's webhook envelope around one `value` of the `messages` field. */
  webhookBody(value: Record<string, unknown>): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: this.options.businessNumber, phone_number_id: this.options.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  sign(raw: string, secret = this.options.appSecret): string {
    return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  }

  /** The person taps a quick-reply button of a template message they received. */
  tapBody(from: string, onMessage: SentMessage, buttonIndex: number, id = `wamid.${randomBytes(24).toString('base64url')}`): string {
    const button = (onMessage.body.template.components as any[]).find((c) => c.type === 'button' && Number(c.index) === buttonIndex);
    const text = this.options.templates[onMessage.body.template.name]!.quickReplies![buttonIndex]!;
    return this.webhookBody({
      contacts: [{ profile: { name: 'Vendedor' }, wa_id: from }],
      messages: [
        {
          context: { from: this.options.businessNumber, id: onMessage.wamid },
          from,
          id,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'button',
          button: { payload: button.parameters[0].payload, text },
        },
      ],
    });
  }

  /** The person writes a text. */
  textBody(from: string, text: string, id = `wamid.${randomBytes(24).toString('base64url')}`): string {
    return this.webhookBody({
      contacts: [{ profile: { name: 'Vendedor' }, wa_id: from }],
      messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
    });
  }

  /** WhatsApp's status callback for a message the business sent. */
  statusBody(
    wamid: string,
    to: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: { code: number; title: string; details: string },
  ): string {
    return this.webhookBody({
      statuses: [
        {
          id: wamid,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: to,
          ...(error ? { errors: [{ code: error.code, title: error.title, error_data: { details: error.details } }] } : {}),
        },
      ],
    });
  }

  /** Posts a webhook to the app as Meta does (JSON, X-Hub-Signature-256 over the raw body). */
  async deliver(webhookUrl: string, raw: string, signature: string | null = this.sign(raw)): Promise<{ status: number; body: unknown }> {
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
      body: raw,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  }
}

/** The templates Tuerca registers in its WhatsApp Business account (whatsapp-templates.ts), as the test server knows them. */
export const WHATSAPP_TEST_TEMPLATES: Record<string, RegisteredTemplate> = {
  tuerca_quote_requested: { bodyParams: 4, quickReplies: ['Hay disponibilidad', 'No hay disponibilidad'] },
  tuerca_seller_available_until: { bodyParams: 4 },
  tuerca_seller_available: { bodyParams: 3 },
  tuerca_seller_not_available: { bodyParams: 3 },
  tuerca_purchase_placed_seller: { bodyParams: 4 },
  tuerca_order_placed_seller: { bodyParams: 4 },
  tuerca_purchase_paid_seller: { bodyParams: 3 },
  tuerca_purchase_cancelled_seller: { bodyParams: 3 },
  tuerca_activity_reminder: { bodyParams: 4 },
  tuerca_question_asked: { bodyParams: 4 },
  tuerca_question_answered: { bodyParams: 4 },
  tuerca_store_rating_requested: { bodyParams: 3 },
  tuerca_notice: { bodyParams: 1 },
};
