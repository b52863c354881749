import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import {
  DEFAULT_QUOTATION_WINDOW_HOURS,
  PartsQuoteAnswered,
  t,
  vehicleLabel,
  type Actor,
  type QuoteRequestAnswer,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, ValidationError, kysely, recordEvent, type Visitor } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { canManageStore } from '../stores/store-access.js';
import { Quotation } from './quotation.entity.js';
import { QuoteOffer, QuoteRequestSeller } from './quote-request.entities.js';
import { closeExpiredQuotations } from './quotation-window.js';
import { QuotationWindows } from './close-quotation-window.command.js';

const HOUR_MS = 3600 * 1000;

/** PUT /admin-api/quote-requests/:id: a store answers the request that reached it, once. */
export class AnswerQuoteRequest extends Command<{ windows: { id: string; runAt: Date }[] }> {
  constructor(
    readonly visitor: Visitor,
    readonly assignmentId: string,
    readonly answer: QuoteRequestAnswer,
    readonly actor: Actor,
  ) {
    super();
  }
}

const invalid = (key: Parameters<typeof t>[0], path: string) => {
  const message = t(key);
  return new ValidationError([message], [{ path, message }]);
};

/**
 * Per part: available with one of the store's own products and a unit price, or not available (a part left out
 * is not offered). An available part opens a quotation of that product for the requester already answered —
 * state 'available', the price the cart charges, the purchase window of the product's remainingTime hours, the
 * same window job and sweep as a stock confirmation's — so 'Agregar al carrito' and the checkout work as for
 * any answered quotation. Another store's request is 404; a second answer 409; all or nothing.
 */
@CommandHandler(AnswerQuoteRequest)
export class AnswerQuoteRequestHandler implements ICommandHandler<AnswerQuoteRequest> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly windows: QuotationWindows,
  ) {}

  async execute({ visitor, assignmentId, answer, actor }: AnswerQuoteRequest) {
    const result = await this.db.transactional(async (em) => {
      const assignment = await em.findOne(QuoteRequestSeller, { id: assignmentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!assignment || !canManageStore(visitor, assignment.store.id)) throw new NotFoundError(t('quoteRequests.notFound'));
      if (assignment.state !== 'awaiting')
        throw new DomainError(409, 'Quote request already answered', [t('quoteRequests.alreadyAnswered')]);
      const k = kysely<MarketplaceDB>(em);
      const request = await k.selectFrom('QuoteRequest').selectAll().where('id', '=', assignment.request.id).executeTakeFirstOrThrow();
      const lines = await k.selectFrom('QuoteRequestLine').select(['id', 'amount']).where('request', '=', request.id).execute();
      const store = await k.selectFrom('Store').select(['id', 'name']).where('id', '=', assignment.store.id).executeTakeFirstOrThrow();
      const now = this.clock.now();
      const seen = new Set<string>();
      const products = new Set<string>();
      const windows: { id: string; runAt: Date }[] = [];
      for (const [i, a] of answer.lines.entries()) {
        const line = lines.find((l) => l.id === a.lineId);
        if (!line || seen.has(a.lineId)) throw invalid('validation.invalidValue', `lines.${i}.lineId`);
        seen.add(a.lineId);
        let quotationId: string | null = null;
        if (a.available) {
          if (!a.productId) throw invalid('quoteRequests.productRequired', `lines.${i}.productId`);
          if (!a.price) throw invalid('validation.required', `lines.${i}.price`);
          const product = await k
            .selectFrom('Product')
            .select(['id', 'remainingTime'])
            .where('id', '=', a.productId)
            .where('store', '=', store.id)
            .where('state', '<>', 'deleted')
            .executeTakeFirst();
          if (!product) throw invalid('quoteRequests.notYourProduct', `lines.${i}.productId`);
          await closeExpiredQuotations(em, { userId: request.userId, productId: product.id }, actor, now);
          const open = await k
            .selectFrom('Quotation')
            .select('id')
            .where('userId', '=', request.userId)
            .where('product', '=', product.id)
            .where('state', 'in', ['awaiting', 'available'])
            .executeTakeFirst();
          if (open || products.has(product.id))
            throw new DomainError(
              409,
              'Quotation already open',
              [t('quoteRequests.openQuotation')],
              [{ path: `lines.${i}.productId`, message: t('quoteRequests.openQuotation') }],
            );
          products.add(product.id);
          const hours = product.remainingTime ?? DEFAULT_QUOTATION_WINDOW_HOURS;
          const expires = new Date(now.getTime() + hours * HOUR_MS);
          const q = em.create(Quotation, {
            id: randomUUID(),
            product: product.id,
            store: store.id,
            userId: request.userId,
            customerName: request.customerName ?? null,
            customerMobile: request.customerMobile ?? null,
            quantity: line.amount,
            state: 'available',
            remainingTime: hours,
            price: a.price,
            sellerComment: answer.comment,
            requestedAt: request.createdAt,
            respondedAt: now,
            respondedBy: visitor.user!.id,
            windowExpiresAt: expires,
            closedAt: null,
          });
          quotationId = q.id;
          windows.push({ id: q.id, runAt: expires });
        }
        em.create(QuoteOffer, {
          id: randomUUID(),
          assignment,
          line: line.id,
          available: a.available,
          product: a.available ? a.productId! : null,
          price: a.available ? a.price! : null,
          quotation: quotationId,
          createdAt: now,
        });
      }
      em.assign(assignment, { state: 'answered', answeredAt: now, answeredBy: visitor.user!.id, comment: answer.comment });
      recordEvent(
        em,
        PartsQuoteAnswered,
        {
          requestId: request.id,
          assignmentId: assignment.id,
          storeId: store.id,
          storeName: store.name,
          userId: request.userId,
          customerMobile: request.customerMobile ?? null,
          vehicle: vehicleLabel({ brand: request.vehicleBrand, model: request.vehicleModel, year: request.vehicleYear ?? null }),
          available: windows.length,
          parts: lines.length,
        },
        { aggregateId: request.id, actor, occurredAt: now },
      );
      await em.flush();
      return { windows };
    });
    // The purchase windows' alarms, after the commit (best effort: the quotation-window sweep re-arms a lost one).
    for (const w of result.windows) await this.windows.arm(w);
    return result;
  }
}
