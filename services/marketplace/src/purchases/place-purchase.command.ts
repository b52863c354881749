import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  ErrorCodes,
  PurchasePlaced,
  refVentaOf,
  t,
  type Actor,
  type CheckoutBody,
  type CheckoutResult,
  type SessionUser,
  type ShippingSnapshot,
  type PurchaseVehicle,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, Jobs, ValidationError, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { readCartRows } from '../cart/cart-rows.js';
import { checkoutLineOf, discountOf, unitPriceOf, type CartRow } from '../cart/cart.rules.js';
import { readCheckoutWindows } from '../parameters/checkout-windows.js';
import { Transaction } from './transaction.entity.js';
import { TransactionLine } from './transaction-line.entity.js';
import {
  AmountTooLargeError,
  groupCheckout,
  initialState,
  lineProblem,
  minimumShortfall,
  priceLine,
  priceTransaction,
  reservationEnd,
  toCents,
  type CheckoutKind,
} from './purchase.rules.js';
import { reserveStock } from './stock.js';
import { readTransactionViews } from './transaction-views.js';
import { PaymentRequests } from './payment-requests.js';
import { scheduleReservationExpiry } from './reservation.job.js';

/**
 * A checkout of cart lines: makePurchase ('purchase': each store's sale lines online, its order lines as an
 * order), saveOnlinePurchase ('online'), savePurchaseOrder ('order'), createPaymentLink ('link').
 */
export class PlacePurchase extends Command<CheckoutResult> {
  constructor(
    readonly buyer: SessionUser,
    readonly owner: string,
    readonly kind: CheckoutKind,
    readonly body: CheckoutBody,
    /** The request's Idempotency-Key (or request id): the same key answers the same transactions. */
    readonly requestKey: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && ((err as { code?: string }).code === '23505' || /unique|duplicate key/i.test(String(err)));

function bad(key: Parameters<typeof t>[0], params?: Record<string, string | number>, path?: string): ValidationError {
  const message = t(key, params);
  return new ValidationError([message], path ? [{ path, message }] : undefined);
}

/** A line that cannot be bought: out of stock or unavailable is a conflict with the store's state (409), anything else bad input (400). */
function lineRefusal(message: string): DomainError {
  const conflict = message === t('availability.productNotAvailable') || /^La cantidad disponible es de/.test(message);
  return conflict ? new DomainError(409, 'Product not available', [message]) : new ValidationError([message]);
}

/**
 * The checkout (DESIGN §4): the lines are taken from the cart under a row lock (a second tab or a double click
 * finds them gone), each store's lines become one transaction per way of closing the sale, priced in integer
 * cents with the store's purchase discount and IVA included, their stock reserved by conditional updates, all
 * in one database transaction with PurchasePlaced and ProductUpdated in the outbox. A request is made once:
 * its key is stored with a unique index, and the same key answers the first request's transactions. After
 * the commit, the reservations' expiry jobs are scheduled and billing is asked for the online payments.
 */
@CommandHandler(PlacePurchase)
export class PlacePurchaseHandler implements ICommandHandler<PlacePurchase> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly payments: PaymentRequests,
  ) {}

  async execute(command: PlacePurchase): Promise<CheckoutResult> {
    const { buyer, kind, body, requestKey } = command;
    // spec 000 §5: the user must have completed sign-up to buy (as to quote).
    if (!buyer.signUpCompleted) throw new DomainError(403, ErrorCodes.SIGN_UP_INCOMPLETE, [t('checkout.signUpRequired')]);
    // spec 000 §5: "Marketplace order: terms must be accepted".
    if (body.acceptTerms !== true) throw bad('marketplaceOrder.termsRequired', undefined, 'acceptTerms');

    const earlier = await this.transactionsOf(this.db.em(), buyer.id, requestKey);
    if (earlier.length > 0) return this.answer(earlier, kind, true);

    let created: string[] | null;
    try {
      created = await this.db.transactional((em) => this.place(em, command));
    } catch (err) {
      if (err instanceof AmountTooLargeError) throw bad('checkout.tooLarge');
      // The same request running twice at once: the other one committed first.
      if (!isUniqueViolation(err)) throw err;
      created = null;
    }
    if (created === null) {
      const first = await this.transactionsOf(this.db.em(), buyer.id, requestKey);
      if (first.length === 0) throw new DomainError(409, 'Lines not in cart', [t('checkout.linesNotInCart')]);
      return this.answer(first, kind, true);
    }
    await scheduleReservationExpiry(this.jobs, this.db.em(), created);
    return this.answer(created, kind, false);
  }

  private async transactionsOf(em: EntityManager, buyerId: string, requestKey: string): Promise<string[]> {
    const rows = await kysely<MarketplaceDB>(em)
      .selectFrom('Transaction')
      .select('id')
      .where('buyerId', '=', buyerId)
      .where('requestKey', '=', requestKey)
      .orderBy('createdAt')
      .orderBy('refVenta')
      .execute();
    return rows.map((r) => r.id);
  }

  private async answer(ids: string[], kind: CheckoutKind, replayed: boolean): Promise<CheckoutResult> {
    // Online transactions get their payment now (a replay asks again only for those still without one).
    const channels = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Transaction')
      .select(['id', 'channel'])
      .where('id', 'in', ids)
      .execute();
    const online = channels.filter((c) => c.channel === 'online' || c.channel === 'link').map((c) => c.id);
    await this.payments.ensure(online, kind === 'link' ? 'link' : 'checkout');
    const transactions = await readTransactionViews(this.db.em(), ids, this.clock.now());
    return { transactions, replayed };
  }

  /** Everything in one database transaction; null when the request's lines were consumed by the same request running twice. */
  private async place(em: EntityManager, { buyer, owner, kind, body, requestKey, actor }: PlacePurchase): Promise<string[] | null> {
    const now = this.clock.now();
    const k = kysely<MarketplaceDB>(em);
    const ids = body.itemIds ? [...new Set(body.itemIds)] : undefined;
    const locked = await readCartRows(em, { owner, section: 'cart', ids, lock: true });
    if (ids && locked.length !== ids.length) {
      if ((await this.transactionsOf(em, buyer.id, requestKey)).length > 0) return null;
      throw new DomainError(409, 'Lines not in cart', [t('checkout.linesNotInCart')]);
    }
    const rows = ids ? locked : locked.filter((r) => r.selected);
    if (rows.length === 0) {
      if ((await this.transactionsOf(em, buyer.id, requestKey)).length > 0) return null;
      throw bad('checkout.nothingSelected', undefined, 'itemIds');
    }

    const lines = rows.map((r) => checkoutLineOf(r, now));
    const { groups } = groupCheckout(kind, lines);
    if (groups.length === 0) throw bad(kind === 'order' ? 'checkout.noOrderLines' : 'checkout.noOnlineLines', undefined, 'itemIds');
    const buying = groups.flatMap((g) => g.lines);
    for (const line of buying) {
      const problem = lineProblem(line, now);
      if (problem) throw lineRefusal(problem);
    }

    const rowById = new Map(rows.map((r) => [r.id, r]));
    const vehicle = body.vehicleId ? await this.vehicleOf(em, buyer.id, body.vehicleId) : null;
    const shipping: ShippingSnapshot | null = body.shipping
      ? { addressId: body.shipping.addressId ?? null, address: body.shipping.address }
      : null;
    const windows = await readCheckoutWindows(em);

    // Price every group first: a store's minimum purchase value counts everything bought there at once.
    const priced = groups.map((g) => {
      const store = rowById.get(g.lines[0]!.itemId)!;
      const pricedLines = g.lines.map((l) => {
        const row = rowById.get(l.itemId)!;
        const unitPrice = unitPriceOf(row)!;
        return { line: l, row, priced: priceLine(toCents(unitPrice), l.quantity, discountOf(row, unitPrice)) };
      });
      return {
        group: g,
        store,
        lines: pricedLines,
        amounts: priceTransaction(
          pricedLines.map((p) => p.priced),
          store.country,
        ),
      };
    });
    const byStore = new Map<string, { store: CartRow; totalCents: number }>();
    for (const p of priced) {
      const entry = byStore.get(p.group.storeId) ?? { store: p.store, totalCents: 0 };
      entry.totalCents += p.amounts.totalCents;
      byStore.set(p.group.storeId, entry);
    }
    for (const { store, totalCents } of byStore.values()) {
      const short = minimumShortfall(
        { name: store.storeName, minimumCents: toCents(store.minimumPurchaseValue), currency: store.currency },
        totalCents,
      );
      if (short) throw new ValidationError([short], [{ path: 'itemIds', message: short }]);
    }

    // All the stock at once, products in id order: two checkouts of the same products never wait on each other in a circle.
    await reserveStock(
      em,
      buying.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      actor,
      now,
    );

    const created: string[] = [];
    for (const p of priced) {
      const { group, store, amounts } = p;
      const { n } = await k.selectNoFrom(sql<string>`nextval('transaction_numbers')`.as('n')).executeTakeFirstOrThrow();
      const id = randomUUID();
      const state = initialState(group.channel);
      const expires = reservationEnd(group.channel, now, windows);
      const quotationId = p.lines.find((l) => l.line.quotationId)?.line.quotationId ?? null;
      em.create(Transaction, {
        id,
        refVenta: refVentaOf(n),
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerMobile: buyer.mobile,
        store: group.storeId,
        channel: group.channel,
        state,
        currency: store.currency,
        country: store.country,
        subtotalCents: amounts.subtotalCents,
        discountCents: amounts.discountCents,
        totalCents: amounts.totalCents,
        ivaRate: amounts.ivaRate,
        ivaCents: amounts.ivaCents,
        comment: body.comment,
        termsAcceptedAt: now,
        requestKey,
        quotation: quotationId,
        stockState: 'reserved',
        reservationExpiresAt: expires,
        shippingAddress: shipping,
        shippingSetAt: shipping ? now : null,
        vehicle,
        buyerUnread: false,
        sellerUnread: true,
        createdAt: now,
        updatedAt: now,
      });
      p.lines.forEach(({ line, row, priced: l }, i) =>
        em.create(TransactionLine, {
          id: randomUUID(),
          transaction: id,
          position: i + 1,
          product: line.productId,
          salesModel: line.salesModel,
          title: row.title,
          reference: row.isVirtual && !row.showProductReferences ? null : row.referencia1,
          manufacturerTitle: row.manufacturerTitle,
          imageUrl: row.imagesUrls[0] ?? null,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          discountPercentage: l.discountPercentage,
          discountCents: l.discountCents,
          totalCents: l.totalCents,
          quotation: line.quotationId,
        }),
      );
      // The unique index on the request key answers a concurrent repeat of this request here.
      await em.flush();
      // An answered quotation bought here is ordered: it cannot be bought twice.
      for (const l of p.lines.filter((x) => x.line.quotationId)) {
        const closed = await k
          .updateTable('Quotation')
          .set({ state: 'ordered', closedAt: now })
          .where('id', '=', l.line.quotationId!)
          .where('state', '=', 'available')
          .where('windowExpiresAt', '>', now)
          .returning('id')
          .executeTakeFirst();
        if (!closed) throw new DomainError(409, 'Quotation window closed', [t('marketplace.quotationWindowClosed')]);
      }
      recordEvent(
        em,
        PurchasePlaced,
        {
          transactionId: id,
          refVenta: refVentaOf(n),
          buyerId: buyer.id,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          buyerMobile: buyer.mobile,
          storeId: group.storeId,
          storeName: store.storeName,
          storeMobile: await this.storeMobile(em, group.storeId),
          currency: store.currency,
          totalCents: amounts.totalCents,
          channel: group.channel,
          state,
          ivaCents: amounts.ivaCents,
          ivaRate: amounts.ivaRate,
          lines: p.lines.map(({ line, row, priced: l }) => ({
            productId: line.productId,
            title: row.title,
            reference: row.isVirtual && !row.showProductReferences ? null : row.referencia1,
            quantity: l.quantity,
            unitPriceCents: l.unitPriceCents,
            totalCents: l.totalCents,
          })),
          reservationExpiresAt: expires.toISOString(),
          quotationId,
          comment: body.comment,
        },
        { aggregateId: id, actor, occurredAt: now },
      );
      created.push(id);
    }
    // The bought lines leave the cart; lines another call does not sell stay.
    await k
      .deleteFrom('CartItem')
      .where('owner', '=', owner)
      .where(
        'id',
        'in',
        buying.map((l) => l.itemId),
      )
      .execute();
    await em.flush();
    return created;
  }

  private async storeMobile(em: EntityManager, storeId: string): Promise<string | null> {
    const row = await kysely<MarketplaceDB>(em).selectFrom('Store').select('mobile').where('id', '=', storeId).executeTakeFirst();
    return row?.mobile ?? null;
  }

  private async vehicleOf(em: EntityManager, buyerId: string, vehicleId: string): Promise<PurchaseVehicle> {
    const v = await kysely<MarketplaceDB>(em)
      .selectFrom('GarageVehicle')
      .select(['vehicleId', 'licensePlate', 'brand', 'model', 'year'])
      .where('vehicleId', '=', vehicleId)
      .where('userId', '=', buyerId)
      .where('removedAt', 'is', null)
      .executeTakeFirst();
    if (!v) throw bad('checkout.vehicleNotInGarage', undefined, 'vehicleId');
    return v;
  }
}
