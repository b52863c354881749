import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got, with what it checked. */
export interface Received {
  eventId: string;
  timestamp: number;
  signatureValid: boolean;
  body: string;
  answered: number;
}

/**
 * A store's order API as a store would write it, on loopback: it verifies the signature (HMAC-SHA256 of
 * `<timestamp>.<raw body>` with the client's secret, written here independently of Tuerca's code), refuses stale
 * timestamps, answers 500 to the first `failFirst` requests of each event id, and applies each event id once
 * (`applied`), however often it arrives. `hold` delays the answer (to kill a worker mid-delivery).
 */
export class StoreReceiver {
  readonly received: Received[] = [];
  /** Event ids applied (the store's de-duplication), in order. */
  readonly applied: string[] = [];
  secret = '';
  failFirst = 2;
  /** Event ids answered 500 for ever. */
  readonly alwaysFail = new Set<string>();
  holdMs = 0;
  private server: Server | null = null;
  private readonly seen = new Map<string, number>();

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const eventId = String(req.headers['tuerca-event-id'] ?? '');
        const timestamp = Number(req.headers['tuerca-timestamp'] ?? 0);
        const given = String(req.headers['tuerca-signature'] ?? '');
        const expected = `v1=${createHmac('sha256', this.secret).update(`${timestamp}.${body}`).digest('hex')}`;
        const fresh = Math.abs(Date.now() / 1000 - timestamp) <= 300;
        const signatureValid = fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        const n = (this.seen.get(eventId) ?? 0) + 1;
        this.seen.set(eventId, n);
        let status = 200;
        if (!signatureValid) status = 401;
        else if (this.alwaysFail.has(eventId) || n <= this.failFirst) status = 500;
        else if (!this.applied.includes(eventId)) this.applied.push(eventId);
        this.received.push({ eventId, timestamp, signatureValid, body, answered: status });
        const answer = () => {
          res.statusCode = status;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ok: status === 200 }));
        };
        if (this.holdMs > 0) setTimeout(answer, this.holdMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/tuerca/pedidos`;
  }

  of(eventId: string): Received[] {
    return this.received.filter((r) => r.eventId === eventId);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
