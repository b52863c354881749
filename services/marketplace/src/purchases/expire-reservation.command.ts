import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { cancelTransaction, lockTransaction } from './transaction-lifecycle.js';

const RESERVATIONS: Actor = { kind: 'system', id: 'reservation-expiry' };

/** The reservation job (and the sweep): a transaction still unpaid at its reservation's end is cancelled and its stock released. */
export class ExpireReservation extends Command<boolean> {
  constructor(readonly transactionId: string) {
    super();
  }
}

/** Checks the clock itself: a job that runs early, or for a transaction paid or cancelled meanwhile, changes nothing. */
@CommandHandler(ExpireReservation)
export class ExpireReservationHandler implements ICommandHandler<ExpireReservation> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ transactionId }: ExpireReservation): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const tx = await lockTransaction(em, { id: transactionId });
      if (!tx || tx.stockState !== 'reserved' || !tx.reservationExpiresAt || tx.reservationExpiresAt > now) return false;
      if (tx.state !== 'pending_payment' && tx.state !== 'awaiting_confirmation') return false;
      await cancelTransaction(em, tx, 'reservation_expired', RESERVATIONS, now);
      return true;
    });
  }
}

/** Sweep: the transactions whose hold has ended and still hold stock (the duty rows), oldest first. */
export class ExpireOverdueReservations extends Command<number> {
  constructor(readonly limit = 200) {
    super();
  }
}

@CommandHandler(ExpireOverdueReservations)
export class ExpireOverdueReservationsHandler implements ICommandHandler<ExpireOverdueReservations> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly commands: CommandBus,
  ) {}

  async execute({ limit }: ExpireOverdueReservations): Promise<number> {
    const due = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Transaction')
      .select('id')
      .where('stockState', '=', 'reserved')
      .where('reservationExpiresAt', '<=', this.clock.now())
      .where('state', 'in', ['pending_payment', 'awaiting_confirmation'])
      .orderBy('reservationExpiresAt')
      .limit(limit)
      .execute();
    let expired = 0;
    for (const { id } of due) if (await this.commands.execute(new ExpireReservation(id))) expired += 1;
    return expired;
  }
}
