import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { sql } from 'kysely';
import {
  ErrorCodes,
  PurchasePlaced,
  quotationLimit,
  refVentaOf,
  t,
  type Actor,
  type MakeOrderInput,
  type SessionUser,
  type TransactionView,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, Jobs, NotFoundError, ValidationError, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { Quotation } from '../quotations/quotation.entity.js';
import { readCheckoutWindows } from '../parameters/checkout-windows.js';
import { Transaction } from './transaction.entity.js';
import { TransactionLine } from './transaction-line.entity.js';
import { priceLine, priceTransaction, reservationEnd, toCents } from './purchase.rules.js';
import { reserveStock } from './stock.js';
import { readTransactionViews } from './transaction-views.js';
import { PaymentRequests } from './payment-requests.js';
import { scheduleReservationExpiry } from './reservation.job.js';

/**
 * makeOrder (spec 000 §7 "makeOrder with quotationId, comment, quantityOrder"): the order of an answered
 * quotation becomes a transaction (channel 'quotation') pending payment, its stock reserved, the quotation
 * ordered, its cart line gone — so it cannot be ordered twice.
 */
export class PlaceQuotationOrder extends Command<TransactionView> {
  constructor(
    readonly buyer: SessionUser,
    readonly input: MakeOrderInput,
    readonly requestKey: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

function bad(key: Parameters<typeof t>[0], params?: Record<string, string | number>, path?: string): ValidationError {
  const message = t(key, params);
  return new ValidationError([message], path ? [{ path, message }] : undefined);
}

@CommandHandler(PlaceQuotationOrder)
export class PlaceQuotationOrderHandler implements ICommandHandler<PlaceQuotationOrder> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly payments: PaymentRequests,
  ) {}

  async execute({ buyer, input, requestKey, actor }: PlaceQuotationOrder): Promise<TransactionView> {
    // spec 000 §5: "Marketplace order: terms must be accepted, else 'Debes aceptar los términos…'".
    if (input.acceptTerms !== true) throw bad('marketplaceOrder.termsRequired', undefined, 'acceptTerms');
    if (!buyer.signUpCompleted) throw new DomainError(403, ErrorCodes.SIGN_UP_INCOMPLETE, [t('checkout.signUpRequired')]);
    const earlier = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('Transaction')
      .select('id')
      .where('buyerId', '=', buyer.id)
      .where('requestKey', '=', requestKey)
      .where('quotation', '=', input.quotationId)
      .executeTakeFirst();
    if (earlier) return (await readTransactionViews(this.db.em(), [earlier.id], this.clock.now()))[0]!;

    const now = this.clock.now();
    const id = await this.db.transactional(async (em) => {
      const k = kysely<MarketplaceDB>(em);
      const q = await em.findOne(Quotation, { id: input.quotationId, userId: buyer.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!q) throw new NotFoundError();
      if (q.state !== 'available' || !q.windowExpiresAt || q.windowExpiresAt <= now)
        throw new DomainError(409, 'Quotation window closed', [t('marketplace.quotationWindowClosed')]);
      const p = await k
        .selectFrom('Product as p')
        .innerJoin('Store as s', 's.id', 'p.store')
        .select([
          'p.id',
          'p.title',
          'p.referencia1',
          'p.manufacturerTitle',
          'p.imagesUrls',
          'p.inventario',
          'p.quotationMaxQuantity',
          'p.actualPrice',
          'p.salesModel',
          'p.state',
          's.id as storeId',
          's.name as storeName',
          's.mobile as storeMobile',
          's.currency',
          's.country',
          's.isVirtual',
          's.showProductReferences',
        ])
        .where('p.id', '=', q.product.id)
        .executeTakeFirst();
      if (!p || p.state === 'deleted') throw new NotFoundError(t('availability.productNotAvailable'));
      if (input.quantityOrder < 1) throw bad('quotation.quantityMustBePositive', undefined, 'quantityOrder');
      // spec 000 §5: "Making an order checks the quantity against quotationMaxQuantity" (else the stock).
      const max = quotationLimit({ inventario: p.inventario, quotationMaxQuantity: p.quotationMaxQuantity });
      if (input.quantityOrder > max) throw bad('quotation.quantityExceedsMax', { max }, 'quantityOrder');

      const line = priceLine(toCents(q.price ?? Number(p.actualPrice)), input.quantityOrder, 0);
      const amounts = priceTransaction([line], p.country);
      const windows = await readCheckoutWindows(em);
      const expires = reservationEnd('quotation', now, windows);
      await reserveStock(em, [{ productId: p.id, quantity: input.quantityOrder }], actor, now);
      const { n } = await k.selectNoFrom(sql<string>`nextval('transaction_numbers')`.as('n')).executeTakeFirstOrThrow();
      const id = randomUUID();
      const refVenta = refVentaOf(n);
      const reference = p.isVirtual && !p.showProductReferences ? null : p.referencia1;
      em.create(Transaction, {
        id,
        refVenta,
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerMobile: buyer.mobile,
        store: p.storeId,
        channel: 'quotation',
        state: 'pending_payment',
        currency: p.currency,
        country: p.country,
        subtotalCents: amounts.subtotalCents,
        discountCents: amounts.discountCents,
        totalCents: amounts.totalCents,
        ivaRate: amounts.ivaRate,
        ivaCents: amounts.ivaCents,
        comment: input.comment,
        termsAcceptedAt: now,
        requestKey,
        quotation: q.id,
        stockState: 'reserved',
        reservationExpiresAt: expires,
        buyerUnread: false,
        sellerUnread: true,
        createdAt: now,
        updatedAt: now,
      });
      em.create(TransactionLine, {
        id: randomUUID(),
        transaction: id,
        position: 1,
        product: p.id,
        salesModel: p.salesModel,
        title: p.title,
        reference,
        manufacturerTitle: p.manufacturerTitle,
        imageUrl: p.imagesUrls[0] ?? null,
        quantity: input.quantityOrder,
        unitPriceCents: line.unitPriceCents,
        discountPercentage: 0,
        discountCents: 0,
        totalCents: line.totalCents,
        quotation: q.id,
      });
      q.state = 'ordered';
      q.closedAt = now;
      // The quotation's line leaves the cart: what is ordered cannot be ordered again.
      await k.deleteFrom('CartItem').where('owner', '=', `u:${buyer.id}`).where('quotation', '=', q.id).execute();
      recordEvent(
        em,
        PurchasePlaced,
        {
          transactionId: id,
          refVenta,
          buyerId: buyer.id,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          buyerMobile: buyer.mobile,
          storeId: p.storeId,
          storeName: p.storeName,
          storeMobile: p.storeMobile,
          currency: p.currency,
          totalCents: amounts.totalCents,
          channel: 'quotation',
          state: 'pending_payment',
          ivaCents: amounts.ivaCents,
          ivaRate: amounts.ivaRate,
          lines: [
            {
              productId: p.id,
              title: p.title,
              reference,
              quantity: input.quantityOrder,
              unitPriceCents: line.unitPriceCents,
              totalCents: line.totalCents,
            },
          ],
          reservationExpiresAt: expires.toISOString(),
          quotationId: q.id,
          comment: input.comment,
        },
        { aggregateId: id, actor, occurredAt: now },
      );
      return id;
    });
    await scheduleReservationExpiry(this.jobs, this.db.em(), [id]);
    await this.payments.ensure([id], 'checkout');
    return (await readTransactionViews(this.db.em(), [id], this.clock.now()))[0]!;
  }
}
