import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, Clock, ContextDatabase, Jobs, LOGGER, errorText, kysely, sleep, type AppConfig, type Logger } from '@tuerca/platform';
import { notificationsConfig, type NotificationsConfig } from '../notifications.config.js';
import type { NotificationsDB } from '../notifications.database.js';
import { DeliverMessage } from './deliver-message.command.js';
import { DeliverMessageJob, deliveryJobId } from './delivery.jobs.js';

const DISPATCH_BATCH = 100;

/**
 * Hands queued messages to BullMQ. Messages are written 'queued' by the event consumer, in its
 * transaction; a job cannot be scheduled from inside that transaction (it could run before the commit, or
 * for a rolled-back row), so this dispatcher — a small outbox of its own — hands every queued,
 * undispatched message to BullMQ after the commit and stamps `dispatched_at`. The row is the duty; the
 * job only its alarm clock. Each job runs the DeliverMessage command.
 */
@Injectable()
export class MessageDispatcher implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly db: ContextDatabase,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(notificationsConfig.token) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(DeliverMessageJob, ({ messageId }, job) => this.commands.execute(new DeliverMessage(messageId, job)));
  }

  /** The dispatcher runs with the other background work (ROLE=worker|all). */
  onApplicationBootstrap(): void {
    if (this.app.ROLE === 'api') return;
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
      if (moved < DISPATCH_BATCH) await sleep(this.app.OUTBOX_POLL_MS, this.stopping.signal);
    }
  }

  /**
   * Rows are locked (`skip locked`, so several workers share the work); scheduling twice is harmless
   * because the job id is fixed per message and round.
   */
  async dispatch(limit = DISPATCH_BATCH): Promise<number> {
    return this.db.transactional(async (em) => {
      const k = kysely<NotificationsDB>(em);
      const rows = await k
        .selectFrom('Message')
        .select(['id', 'attempts'])
        .where('status', '=', 'queued')
        .where('dispatchedAt', 'is', null)
        .orderBy('createdAt')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        await this.jobs.schedule(
          DeliverMessageJob,
          { messageId: row.id },
          { jobId: deliveryJobId(row.id, row.attempts), attempts: this.config.NOTIFICATIONS_MAX_ATTEMPTS },
        );
      }
      if (rows.length > 0)
        await k
          .updateTable('Message')
          .set({ dispatchedAt: this.clock.now() })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      return rows.length;
    });
  }
}
