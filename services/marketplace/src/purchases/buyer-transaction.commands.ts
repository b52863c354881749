import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { t, type Actor, type PurchaseVehicle, type ShippingChoice, type TransactionView } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, ValidationError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { buyerMayCancel, buyerMayEdit, effectiveState } from './purchase.rules.js';
import { cancelTransaction, lockTransaction, type LockedTransaction } from './transaction-lifecycle.js';
import { readTransactionViews } from './transaction-views.js';

/**
 * What the buyer does to one of their transactions: cancel it while unpaid, give its shipping address, name
 * the garage vehicle the parts are for, mark it read or unread. Another person's transaction is 404.
 */

async function ownLocked(em: Parameters<typeof lockTransaction>[0], id: string, buyerId: string): Promise<LockedTransaction> {
  const tx = await lockTransaction(em, { id, buyerId });
  if (!tx) throw new NotFoundError();
  return tx;
}

function readState(tx: LockedTransaction, now: Date) {
  return effectiveState({ state: tx.state, stockState: tx.stockState, reservationExpiresAt: tx.reservationExpiresAt ?? null }, now).state;
}

/** PATCH CartShoppingHeader/{id} {state: 'cancelled'}: the buyer cancels what is not paid; the held stock goes back. */
export class CancelTransaction extends Command<TransactionView> {
  constructor(
    readonly buyerId: string,
    readonly id: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(CancelTransaction)
export class CancelTransactionHandler implements ICommandHandler<CancelTransaction> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ buyerId, id, actor }: CancelTransaction): Promise<TransactionView> {
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const tx = await ownLocked(em, id, buyerId);
      if (tx.state === 'cancelled') return;
      if (!buyerMayCancel(tx.state)) throw new DomainError(409, 'Not cancellable', [t('purchases.notCancellable')]);
      // A reservation past its end is released as the expiry would have done it.
      const reason = readState(tx, now) === 'cancelled' ? 'reservation_expired' : 'buyer';
      await cancelTransaction(em, tx, reason, actor, now);
    });
    const [view] = await readTransactionViews(this.db.em(), [id], now);
    return view!;
  }
}

/** setShippingInfo: a snapshot of the chosen address on the transaction (a later edit of the address book changes nothing here). */
export class SetShippingInfo extends Command<TransactionView> {
  constructor(
    readonly buyerId: string,
    readonly id: string,
    readonly choice: ShippingChoice,
  ) {
    super();
  }
}

@CommandHandler(SetShippingInfo)
export class SetShippingInfoHandler implements ICommandHandler<SetShippingInfo> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ buyerId, id, choice }: SetShippingInfo): Promise<TransactionView> {
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const tx = await ownLocked(em, id, buyerId);
      if (!buyerMayEdit(readState(tx, now))) throw new DomainError(409, 'Not changeable', [t('purchases.notChangeable')]);
      tx.shippingAddress = { addressId: choice.addressId ?? null, address: choice.address };
      tx.shippingSetAt = now;
      tx.sellerUnread = true;
      tx.updatedAt = now;
    });
    const [view] = await readTransactionViews(this.db.em(), [id], now);
    return view!;
  }
}

/** associateVehicleToPurchase: the garage vehicle the parts are for (from the marketplace's read model of the garage), or none. */
export class AssociateVehicle extends Command<TransactionView> {
  constructor(
    readonly buyerId: string,
    readonly id: string,
    readonly vehicleId: string | null,
  ) {
    super();
  }
}

@CommandHandler(AssociateVehicle)
export class AssociateVehicleHandler implements ICommandHandler<AssociateVehicle> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ buyerId, id, vehicleId }: AssociateVehicle): Promise<TransactionView> {
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const tx = await ownLocked(em, id, buyerId);
      if (!buyerMayEdit(readState(tx, now))) throw new DomainError(409, 'Not changeable', [t('purchases.notChangeable')]);
      let vehicle: PurchaseVehicle | null = null;
      if (vehicleId) {
        const v = await kysely<MarketplaceDB>(em)
          .selectFrom('GarageVehicle')
          .select(['vehicleId', 'licensePlate', 'brand', 'model', 'year'])
          .where('vehicleId', '=', vehicleId)
          .where('userId', '=', buyerId)
          .where('removedAt', 'is', null)
          .executeTakeFirst();
        if (!v) {
          const message = t('checkout.vehicleNotInGarage');
          throw new ValidationError([message], [{ path: 'vehicleId', message }]);
        }
        vehicle = v;
      }
      tx.vehicle = vehicle;
      tx.sellerUnread = true;
      tx.updatedAt = now;
    });
    const [view] = await readTransactionViews(this.db.em(), [id], now);
    return view!;
  }
}

/** changeReadStatus (buyer's side): read or unread. */
export class ChangeReadStatus extends Command<TransactionView> {
  constructor(
    readonly buyerId: string,
    readonly id: string,
    readonly isRead: boolean,
  ) {
    super();
  }
}

@CommandHandler(ChangeReadStatus)
export class ChangeReadStatusHandler implements ICommandHandler<ChangeReadStatus> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ buyerId, id, isRead }: ChangeReadStatus): Promise<TransactionView> {
    const updated = await kysely<MarketplaceDB>(this.db.em())
      .updateTable('Transaction')
      .set({ buyerUnread: !isRead })
      .where('id', '=', id)
      .where('buyerId', '=', buyerId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new NotFoundError();
    const [view] = await readTransactionViews(this.db.em(), [id], this.clock.now());
    return view!;
  }
}
