import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { errorText } from '../events/process-event.js';
import type { Logger } from '../logging/logger.js';
import { APP_CONFIG, LOGGER } from '../module/tokens.js';
import { Clock } from '../time/clock.js';
import { Jobs, defineJob, type JobDefinition } from './jobs.js';

/** One time-based duty as its context's table holds it: which row, and when it is due. */
export interface Duty {
  id: string;
  runAt: Date;
}

/**
 * Scheduled work derived from state. The duty is a row of the context's own table, written in the same
 * transaction as the change that creates it (an expiry, a reminder, a window's end); a BullMQ job is only
 * its alarm clock, under a fixed id. After the commit the caller arms the job (`arm`), and a repeatable
 * sweep re-arms every pending duty due soon whose job is missing — lost to a crash between the commit and
 * the scheduling, or to Redis — so nothing is left undone. The duty's command checks the row and the clock
 * itself: a job may fire late, twice, or for a duty that changed or was done meanwhile.
 */
export interface ScheduledWorkDefinition {
  /** The context's queue and the duty's name (e.g. the context's name and `credit-expiry`); job ids derive from it. */
  queue: string;
  name: string;
  /**
   * The duties not done yet that are due before `horizon`, oldest first (at most `limit`) — a read of the
   * context's table, through its own typed queries.
   */
  pending(horizon: Date, limit: number): Promise<Duty[]>;
  /** Does the duty (dispatches the context's command). Throwing makes BullMQ retry with back-off. */
  run(id: string): Promise<void>;
  /** How often the sweep runs (default 60 s); it arms duties due within twice that. */
  sweepEveryMs?: number;
  attempts?: number;
}

export interface ScheduledWorkHandle {
  readonly definition: ScheduledWorkDefinition;
  readonly job: JobDefinition<{ id: string }>;
  readonly sweepJob: JobDefinition<Record<string, never>>;
}

/** BullMQ job ids may not contain ':'; the due time is part of the id, so a rescheduled duty gets a new alarm. */
export const dutyJobId = (name: string, duty: Duty): string => `${name}-${duty.id.replace(/:/g, '_')}-${duty.runAt.getTime()}`;

const SWEEP_BATCH = 500;

@Injectable()
export class ScheduledWork implements OnApplicationBootstrap {
  private readonly handles: ScheduledWorkHandle[] = [];

  constructor(
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Registers a kind of duty (in a provider's `onModuleInit`): its alarm-clock job and its sweep. */
  define(definition: ScheduledWorkDefinition): ScheduledWorkHandle {
    const handle: ScheduledWorkHandle = {
      definition,
      job: defineJob<{ id: string }>(definition.queue, definition.name),
      sweepJob: defineJob<Record<string, never>>(definition.queue, `${definition.name}-sweep`),
    };
    this.jobs.handle(handle.job, ({ id }) => definition.run(id));
    this.jobs.handle(handle.sweepJob, async () => {
      await this.sweep(handle);
    });
    this.handles.push(handle);
    return handle;
  }

  /** The sweeps start with the workers (ROLE=worker|all); one schedule per duty kind across all workers. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    for (const h of this.handles) await this.jobs.every(h.sweepJob, h.definition.sweepEveryMs ?? 60_000, {});
  }

  /**
   * Sets the alarm of a duty just committed. Best effort: when Redis is away the sweep sets it later, so a
   * failure is logged, never thrown into the request that committed the change.
   */
  async arm(handle: ScheduledWorkHandle, duty: Duty): Promise<void> {
    try {
      await this.jobs.schedule(
        handle.job,
        { id: duty.id },
        {
          jobId: dutyJobId(handle.definition.name, duty),
          runAt: duty.runAt,
          attempts: handle.definition.attempts ?? 5,
        },
      );
    } catch (err) {
      this.logger.warn({ duty: handle.definition.name, id: duty.id, err: errorText(err) }, 'duty not armed now; the sweep will arm it');
    }
  }

  /** Re-arms the pending duties due before the next sweeps whose alarm is missing; answers how many it set. */
  async sweep(handle: ScheduledWorkHandle): Promise<number> {
    const every = handle.definition.sweepEveryMs ?? 60_000;
    const horizon = new Date(this.clock.now().getTime() + 2 * every);
    let armed = 0;
    const duties = await handle.definition.pending(horizon, SWEEP_BATCH);
    for (const duty of duties) {
      const added = await this.jobs.arm(
        handle.job,
        { id: duty.id },
        {
          jobId: dutyJobId(handle.definition.name, duty),
          runAt: duty.runAt,
          attempts: handle.definition.attempts ?? 5,
        },
      );
      if (added) armed++;
    }
    if (armed > 0) this.logger.info({ duty: handle.definition.name, armed, pending: duties.length }, 'sweep re-armed duties');
    return armed;
  }
}
