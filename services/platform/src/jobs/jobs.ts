import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.js';

/** A typed job: its queue (one per context) and its name; the data type rides along. */
export interface JobDefinition<TData> {
  readonly queue: string;
  readonly name: string;
  readonly __data?: TData;
}

export function defineJob<TData>(queue: string, name: string): JobDefinition<TData> {
  return { queue, name };
}

export interface ScheduleOptions {
  /** Run at this time (delayed job). */
  runAt?: Date;
  /** Idempotency: one job per id (re-scheduling the same id is a no-op while it exists). */
  jobId?: string;
  attempts?: number;
}

type Handler = (data: unknown, job: Job) => Promise<void>;

/** Where a job stands: BullMQ's state, the progress its handler reported, why it last failed. */
export interface JobStatus {
  id: string;
  state: string;
  progress: unknown;
  attemptsMade: number;
  failedReason: string | null;
}

/**
 * The one wrapper around BullMQ: time-based work (expiries, windows, reminders, deliveries).
 * A job is a convenience, never the only guard: reads check their own clocks too.
 */
export class Jobs {
  private readonly queues = new Map<string, Queue>();
  private readonly handlers = new Map<string, Map<string, Handler>>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: `${this.prefix}:jobs` });
      this.queues.set(name, q);
    }
    return q;
  }

  async schedule<T>(def: JobDefinition<T>, data: T, options: ScheduleOptions = {}): Promise<void> {
    const opts: JobsOptions = {
      jobId: options.jobId,
      delay: options.runAt ? Math.max(0, options.runAt.getTime() - Date.now()) : undefined,
      attempts: options.attempts ?? 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 24 * 3600, count: 10000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    };
    await this.queue(def.queue).add(def.name, data, opts);
  }

  /**
   * Runs a job every `everyMs` across all workers (one BullMQ job scheduler per definition, upserted, so
   * starting several workers or restarting one keeps one schedule).
   */
  async every<T>(def: JobDefinition<T>, everyMs: number, data: T): Promise<void> {
    await this.queue(def.queue).upsertJobScheduler(
      `every-${def.name}`,
      { every: everyMs },
      {
        name: def.name,
        data,
        opts: { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } },
      },
    );
  }

  /**
   * Schedules a job under a fixed id, and re-arms it when the job under that id already finished or
   * failed while its duty is still pending (the caller says so by calling this again): BullMQ would
   * otherwise ignore the id it still remembers. Answers whether a job was (re)added.
   */
  async arm<T>(def: JobDefinition<T>, data: T, options: ScheduleOptions & { jobId: string }): Promise<boolean> {
    const queue = this.queue(def.queue);
    const existing = await queue.getJob(options.jobId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed') return false;
      await existing.remove().catch(() => undefined);
    }
    await this.schedule(def, data, options);
    return true;
  }

  async cancel(def: JobDefinition<unknown>, jobId: string): Promise<void> {
    const job = await this.queue(def.queue).getJob(jobId);
    await job?.remove().catch(() => undefined);
  }

  /** A job's state and progress, or null when there is no such job (never scheduled, or already removed). */
  async status(def: JobDefinition<unknown>, jobId: string): Promise<JobStatus | null> {
    const job = await this.queue(def.queue).getJob(jobId);
    if (!job || job.name !== def.name) return null;
    return {
      id: jobId,
      state: await job.getState(),
      progress: job.progress,
      attemptsMade: job.attemptsMade,
      failedReason: job.failedReason || null,
    };
  }

  /** Registers the handler of a job; workers start in the worker role (`startWorkers`). */
  handle<T>(def: JobDefinition<T>, handler: (data: T, job: Job) => Promise<void>): void {
    const byName = this.handlers.get(def.queue) ?? new Map<string, Handler>();
    byName.set(def.name, handler as Handler);
    this.handlers.set(def.queue, byName);
  }

  startWorkers(concurrency = 4): void {
    for (const [queue, byName] of this.handlers) {
      const worker = new Worker(
        queue,
        async (job) => {
          const handler = byName.get(job.name);
          if (!handler) throw new Error(`No handler for job ${queue}/${job.name}`);
          await handler(job.data, job);
        },
        { connection: this.connection, prefix: `${this.prefix}:jobs`, concurrency, autorun: true },
      );
      worker.on('failed', (job, err) => this.logger.warn({ queue, job: job?.name, id: job?.id, err: err.message }, 'job failed'));
      worker.on('error', (err) => this.logger.warn({ queue, err: err.message }, 'job worker error'));
      this.workers.push(worker);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    this.connection.disconnect();
  }
}
