import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock, ContextDatabase, ScheduledWork, kysely, type Duty, type ScheduledWorkHandle } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { closeExpiredQuotations } from './quotation-window.js';

/** The window job: closes the purchase window if it has really passed; a job that runs early changes nothing. */
export class CloseQuotationWindow extends Command<boolean> {
  constructor(readonly quotationId: string) {
    super();
  }
}

@CommandHandler(CloseQuotationWindow)
export class CloseQuotationWindowHandler implements ICommandHandler<CloseQuotationWindow> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ quotationId }: CloseQuotationWindow): Promise<boolean> {
    const now = this.clock.now();
    const closed = await this.db.transactional((em) =>
      closeExpiredQuotations(em, { id: quotationId }, { kind: 'system', id: 'quotation-window' }, now),
    );
    return closed > 0;
  }
}

/**
 * Scheduled work derived from state (issue 19): an answered quotation's row is the duty (`state = 'available'`,
 * `window_expires_at`), a BullMQ job under a fixed id its alarm clock, armed after the answer commits; a sweep
 * every minute re-arms the windows due soon whose alarm is missing (lost to a crash between the commit and the
 * scheduling, or to Redis), and reads close overdue windows themselves.
 */
@Injectable()
export class QuotationWindows implements OnModuleInit {
  handle!: ScheduledWorkHandle;

  constructor(
    private readonly scheduled: ScheduledWork,
    private readonly db: ContextDatabase,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.handle = this.scheduled.define({
      queue: 'marketplace',
      name: 'quotation-window',
      pending: async (horizon, limit) =>
        (
          await kysely<MarketplaceDB>(this.db.em())
            .selectFrom('Quotation')
            .select(['id', 'windowExpiresAt'])
            .where('state', '=', 'available')
            .where('windowExpiresAt', '<=', horizon)
            .orderBy('windowExpiresAt')
            .limit(limit)
            .execute()
        ).map((r) => ({ id: r.id, runAt: r.windowExpiresAt! })),
      run: async (id) => {
        await this.commands.execute(new CloseQuotationWindow(id));
      },
    });
  }

  /** Sets the alarm of a window just opened; best effort (the sweep covers a failure). */
  arm(duty: Duty): Promise<void> {
    return this.scheduled.arm(this.handle, duty);
  }
}
