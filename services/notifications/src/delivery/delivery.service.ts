import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, Clock, ContextDatabase, Jobs, LOGGER, errorText, sleep, type AppConfig, type Logger } from '@tuerca/platform';
import type { Channel } from '../messages/render.js';
import { MessageDelivery } from './delivery.port.js';
import { DeliverMessageJob, deliveryJobId } from './delivery.jobs.js';

const DISPATCH_BATCH = 100;

/** What the job handler needs of a BullMQ job: which attempt this is, of how many. */
export interface DeliveryAttempt {
  attemptsMade: number;
  opts: { attempts?: number };
}

interface DeliverableRow {
  id: string;
  channel: Channel;
  recipient: string | null;
  template: string;
  text: string;
  status: string;
}

/**
 * Runs delivery. Messages are written 'queued' by the event consumer, in its transaction; a job cannot be
 * scheduled from inside that transaction (it could run before the commit, or for a rolled-back row), so a
 * dispatcher — a small outbox of its own — hands every queued, undispatched message to BullMQ after the
 * commit and stamps `dispatched_at`. The job sends through the `MessageDelivery` port; a failure is
 * recorded (`attempts`, `last_error`) and thrown so BullMQ retries with exponential backoff; the last
 * attempt's failure marks the message 'failed'.
 */
@Injectable()
export class DeliveryService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly db: ContextDatabase,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    private readonly delivery: MessageDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(DeliverMessageJob, ({ messageId }, job) => this.deliver(messageId, job));
  }

  /** The dispatcher runs with the other background work (ROLE=worker|all). */
  onApplicationBootstrap(): void {
    if (this.config.ROLE === 'api') return;
    this.loop = this.dispatchLoop();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private async dispatchLoop(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let moved = 0;
      try {
        moved = await this.dispatch();
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        this.logger.warn({ err: errorText(err) }, 'notification dispatch failed');
      }
      if (moved < DISPATCH_BATCH) await sleep(this.config.OUTBOX_POLL_MS, this.stopping.signal);
    }
  }

  /**
   * Hands queued, undispatched messages to BullMQ. Rows are locked (`skip locked`, so several workers share
   * the work); scheduling twice is harmless because the job id is fixed per message and round.
   */
  async dispatch(limit = DISPATCH_BATCH): Promise<number> {
    return this.db.transactional(async (em) => {
      const rows = await em.execute<{ id: string; attempts: number }[]>(
        `select id, attempts from messages where status = 'queued' and dispatched_at is null
         order by created_at limit ? for update skip locked`,
        [limit],
      );
      for (const row of rows) {
        await this.jobs.schedule(
          DeliverMessageJob,
          { messageId: row.id },
          { jobId: deliveryJobId(row.id, Number(row.attempts)), attempts: this.config.NOTIFICATIONS_MAX_ATTEMPTS },
        );
      }
      if (rows.length > 0)
        await em.execute(`update messages set dispatched_at = ? where id = any(?::uuid[])`, [
          this.clock.now(),
          `{${rows.map((r) => r.id).join(',')}}`,
        ]);
      return rows.length;
    });
  }

  /** One delivery attempt of one message (a BullMQ job). A message no longer queued is left alone. */
  async deliver(messageId: string, job: DeliveryAttempt): Promise<void> {
    const [row] = await this.db
      .em()
      .execute<DeliverableRow[]>(`select id, channel, recipient, template, text, status from messages where id = ?`, [messageId]);
    if (!row || row.status !== 'queued' || !row.recipient) return;
    try {
      await this.delivery.send({ id: row.id, channel: row.channel, recipient: row.recipient, template: row.template, text: row.text });
    } catch (err) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await this.db.em().execute(
        `update messages set attempts = attempts + 1, last_error = ?, updated_at = ?,
           status = case when ? then 'failed' else status end
           where id = ? and status = 'queued'`,
        [errorText(err), this.clock.now(), last, messageId],
      );
      if (last) this.logger.warn({ notification: messageId, err: errorText(err) }, 'notification failed after its last attempt');
      throw err;
    }
    const now = this.clock.now();
    await this.db.em().execute(
      `update messages set status = 'sent', attempts = attempts + 1, last_error = null, sent_at = ?, updated_at = ?
         where id = ? and status = 'queued'`,
      [now, now, messageId],
    );
  }
}
