import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, Clock, ContextDatabase, Jobs, LOGGER, errorText, sleep, type AppConfig, type Logger } from '@tuerca/platform';
import { billingConfig, type BillingConfig } from '../billing.config.js';
import { alarmId, type Duty } from './duty.js';
import { BalanceExpiryDuty, BalanceReminderDuty } from '../balances/balance-duties.js';
import type { Credited } from '../balances/credit-balance.js';
import { BILLING_DUTIES } from './billing-duties.js';

const BATCH = 200;
/** Alarms are armed for what comes within this horizon; farther duties are armed by a later sweep. */
const HORIZON_MS = 3600 * 1000;

/**
 * Billing's time-based duties: arms each duty's alarm right after the commit that created it, runs the
 * alarms' jobs, and — in the worker role — sweeps every BILLING_DUTY_SWEEP_SECONDS: runs every duty that is
 * due (whatever happened to its job: a crash between commit and scheduling, Redis lost, a job removed) and
 * re-arms the alarms of those due within the hour. The first sweep runs when the worker starts.
 */
@Injectable()
export class DutyScheduler implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly db: ContextDatabase,
    private readonly jobs: Jobs,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    for (const duty of BILLING_DUTIES)
      this.jobs.handle(duty.job, async (data) => {
        // Alarms armed before duties had their own jobs carried `balanceId`.
        const id = data.id ?? (data as { balanceId?: string }).balanceId;
        if (id) await this.commands.execute(duty.run(id));
      });
  }

  /** Arms the alarms of a committed balance: its expiry, and its reminder when it has one. */
  async armBalance(balance: Credited): Promise<void> {
    await this.arm(BalanceExpiryDuty, balance.id, balance.expiresAt);
    if (balance.remindAt) await this.arm(BalanceReminderDuty, balance.id, balance.remindAt);
  }

  onApplicationBootstrap(): void {
    if (this.app.ROLE === 'api') return;
    this.loop = this.sweepLoop();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  /**
   * Arms the alarm of a committed duty. Best effort by design: a failure here (Redis down, the process
   * killed) is what the sweep is for, and reads check the clock meanwhile.
   */
  async arm(duty: Duty, id: string, at: Date): Promise<void> {
    try {
      await this.jobs.schedule(duty.job, { id }, { runAt: at, jobId: alarmId(duty, id, at) });
    } catch (err) {
      this.logger.warn({ duty: duty.name, id, err: errorText(err) }, 'duty alarm not armed; the sweep will');
    }
  }

  /** One sweep: every due duty done, the coming hour's alarms armed. Answers how many duties it ran. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    let ran = 0;
    for (const duty of BILLING_DUTIES) {
      const due = await duty.due(this.db.em(), now, BATCH);
      for (const id of due) {
        try {
          if (await this.commands.execute(duty.run(id))) ran++;
        } catch (err) {
          this.logger.warn({ duty: duty.name, id, err: errorText(err) }, 'duty failed; the next sweep retries');
        }
      }
      const coming = await duty.upcoming(this.db.em(), now, new Date(now.getTime() + HORIZON_MS), BATCH);
      for (const { id, at } of coming) await this.arm(duty, id, at);
    }
    return ran;
  }

  private async sweepLoop(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        const ran = await this.sweep();
        if (ran > 0) this.logger.info({ ran }, 'billing duties swept');
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        this.logger.warn({ err: errorText(err) }, 'billing duty sweep failed');
      }
      await sleep(this.config.BILLING_DUTY_SWEEP_SECONDS * 1000, this.stopping.signal);
    }
  }
}
