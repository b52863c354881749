import pg from 'pg';
import { EventEmitter } from 'node:events';
import type { Logger } from '../logging/logger.js';

/**
 * One long-lived PostgreSQL session per process for what needs a session rather than a pooled
 * connection: LISTEN for outbox, log and change notifications, and advisory locks for single-leader work
 * (the outbox relay, postgres-transport consumer groups). If the session drops, every lock it held
 * is gone: `lost` fires so leaders stand down, and it reconnects; `listening` fires once a (re)connected
 * session listens on every channel again (notifications sent while it was away are not delivered).
 */
export class PgSession extends EventEmitter {
  private client: pg.Client | null = null;
  private readonly channels = new Set<string>();
  private readonly held = new Set<string>();
  private closed = false;
  private connecting: Promise<pg.Client> | null = null;
  /** One query at a time on the session (pg deprecates overlapping queries on a client). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {
    super();
    this.setMaxListeners(0);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: 'tuerca-session' });
      client.on('notification', (n) => this.emit(`notify:${n.channel}`, n.payload ?? ''));
      client.on('error', (err) => this.drop(client, err));
      client.on('end', () => this.drop(client, new Error('session ended')));
      await client.connect();
      for (const ch of this.channels) await client.query(`listen "${ch}"`); // before anyone else can use it
      this.client = client;
      this.emit('listening');
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private drop(client: pg.Client, err: Error) {
    if (this.client !== client) return;
    this.client = null;
    const lost = [...this.held];
    this.held.clear();
    if (!this.closed) this.logger.warn({ err: err.message, lost }, 'postgres session lost');
    this.emit('lost', lost);
    client.end().catch(() => undefined);
    if (!this.closed && this.channels.size > 0) setTimeout(() => void this.connection().catch(() => undefined), 1000).unref();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => void> {
    this.on(`notify:${channel}`, onNotify);
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      await this.serial(async () => (await this.connection()).query(`listen "${channel}"`));
    }
    return () => this.off(`notify:${channel}`, onNotify);
  }

  /** Whether the session is connected now (and so listening on every channel asked for). */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Sends a notification from this session (autocommit): delivered to every listener, this session included,
   * after every notification committed before it — so its arrival here means this session has received them all.
   */
  async notify(channel: string, payload: string): Promise<void> {
    // below the ORM: sent on the listening session itself, so its return proves this session hears the channel.
    await this.serial(async () => (await this.connection()).query('select pg_notify($1, $2)', [channel, payload]));
  }

  /** Drops the connection (a session that stopped answering): `lost` fires and it reconnects. */
  restart(reason: string): void {
    if (this.client) this.drop(this.client, new Error(reason));
  }

  /** Takes a session-level advisory lock if free; true when this process now holds it. */
  async tryLock(name: string): Promise<boolean> {
    if (this.held.has(name)) return true;
    return this.serial(async () => {
      const c = await this.connection();
      // below the ORM: a session-level advisory lock lives on this one long-lived client, which no pooled EntityManager is.
      const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [name]);
      if (r.rows[0]?.ok) this.held.add(name);
      return this.held.has(name);
    });
  }

  holds(name: string): boolean {
    return this.held.has(name);
  }

  async unlock(name: string): Promise<void> {
    if (!this.held.delete(name) || !this.client) return;
    const c = this.client;
    // below the ORM: released on the same session that took it.
    await this.serial(() => c.query('select pg_advisory_unlock(hashtext($1))', [name])).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    this.held.clear();
    if (c) await c.end().catch(() => undefined);
  }
}
