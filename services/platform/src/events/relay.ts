import type { Logger } from '../logging/logger.js';
import type { PgSession } from '../database/pg-session.js';
import type { ContextDatabase } from '../database/context-database.js';
import type { EventTransport } from './transport.js';
import { sleep } from './process-event.js';

export const OUTBOX_CHANNEL = 'tuerca_outbox';

/**
 * Moves one context's outbox to the bus. One leader per context across all processes (a session
 * advisory lock): the others stand by and take over when the leader's session ends. Woken at commit by
 * the outbox trigger's NOTIFY; polls as a fallback.
 */
export class OutboxRelay {
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private unlisten: (() => void) | null = null;

  constructor(
    private readonly db: ContextDatabase,
    private readonly transport: EventTransport,
    private readonly session: PgSession,
    private readonly logger: Logger,
    private readonly options: { batchSize: number; pollMs: number; lingerMs?: number },
  ) {}

  get lockName(): string {
    return `tuerca:relay:${this.db.schema}`;
  }

  async start(): Promise<void> {
    this.unlisten = await this.session.listen(OUTBOX_CHANNEL, (schema) => {
      if (schema === this.db.schema) this.wake?.();
    });
    this.running = this.loop();
  }

  /** When the last round began (its batch read). */
  private lastRound = 0;

  /** Until woken (a commit's NOTIFY) or `ms`; then, if the last round was less than the linger ago, the rest of it. */
  private async idle(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      void sleep(ms, this.abort.signal).then(resolve);
    }).finally(() => {
      this.wake = null;
    });
    const rest = (this.options.lingerMs ?? 0) - (Date.now() - this.lastRound);
    if (rest > 0) await sleep(rest, this.abort.signal);
  }

  private async loop(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      try {
        if (!(await this.session.tryLock(this.lockName))) {
          await sleep(this.options.pollMs * 2, signal);
          continue;
        }
        this.lastRound = Date.now();
        const moved = await this.transport.relayBatch(this.db, this.options.batchSize);
        if (moved < this.options.batchSize) await this.idle(this.options.pollMs);
      } catch (err) {
        if (signal.aborted) break;
        this.logger.error({ context: this.db.schema, err: (err as Error).message }, 'outbox relay error');
        await sleep(this.options.pollMs, signal);
      }
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.running;
    this.unlisten?.();
    await this.session.unlock(this.lockName);
  }
}
