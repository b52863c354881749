import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, Jobs, LOGGER, errorText, sleep, type AppConfig, type Logger } from '@tuerca/platform';
import { marketplaceConfig, type MarketplaceConfig } from '../marketplace.config.js';
import { ExpireOverdueReservations, ExpireReservation } from './expire-reservation.command.js';
import { ReservationExpiryJob } from './reservation.job.js';

/**
 * Releases held stock whose time is up: each reservation's job at its end (the alarm clock) and, in the
 * worker role, a sweep every MARKETPLACE_RESERVATION_SWEEP_MS over the duty rows themselves, so a job lost
 * between a checkout's commit and its scheduling (or Redis unreachable) still ends with the stock back.
 */
@Injectable()
export class ReservationSweep implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly jobs: Jobs,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(marketplaceConfig.token) private readonly config: MarketplaceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(ReservationExpiryJob, async ({ transactionId }) => {
      await this.commands.execute(new ExpireReservation(transactionId));
    });
  }

  onApplicationBootstrap(): void {
    if (this.app.ROLE === 'api') return;
    this.loop = this.sweepLoop();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private async sweepLoop(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        const expired = await this.commands.execute(new ExpireOverdueReservations());
        if (expired > 0) this.logger.info({ expired }, 'reservation sweep released held stock');
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        this.logger.warn({ err: errorText(err) }, 'reservation sweep failed');
      }
      await sleep(this.config.MARKETPLACE_RESERVATION_SWEEP_MS, this.stopping.signal);
    }
  }
}
