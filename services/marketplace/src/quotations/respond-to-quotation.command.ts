import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_QUOTATION_WINDOW_HOURS, SellerResponded, t, type Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, kysely, recordEvent, type Visitor } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { canManageStore } from '../stores/store-access.js';
import { Quotation } from './quotation.entity.js';
import { quoteRecordOf } from './quotation.rules.js';
import { QuotationWindows } from './close-quotation-window.command.js';

const HOUR_MS = 3600 * 1000;

export interface QuotationAnswer {
  available: boolean;
  remainingTime?: number;
  price?: number;
  comment?: string;
}

export type RespondResult = ReturnType<typeof quoteRecordOf> & { remainingTime: number | null; hours: number };

/**
 * The seller's answer: available (sendQuotationToClientAjax, editStockConfirmationAsAvailable) opens the
 * purchase for remainingTime hours; not available (sendQuotationNotavailableToClientAjax). Only the product's
 * store (or an operator) may answer; another store's quotation is 404, and so is a quotation of another store
 * than the one whose path prefix the call carries.
 */
export class RespondToQuotation extends Command<RespondResult> {
  constructor(
    readonly visitor: Visitor,
    readonly quotationId: string,
    readonly answer: QuotationAnswer,
    readonly actor: Actor,
    readonly options: { allowReanswer?: boolean; pathPrefix?: string } = {},
  ) {
    super();
  }
}

@CommandHandler(RespondToQuotation)
export class RespondToQuotationHandler implements ICommandHandler<RespondToQuotation> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly windows: QuotationWindows,
  ) {}

  async execute({ visitor, quotationId, answer, actor, options }: RespondToQuotation): Promise<RespondResult> {
    const result = await this.db.transactional(async (em) => {
      const q = await em.findOne(Quotation, { id: quotationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!q || !canManageStore(visitor, q.store.id)) throw new NotFoundError();
      // spec 000 §7 {prefix}/cart/page/sendQuotationToClientAjax: under a prefix, only that store's quotations.
      if (options.pathPrefix !== undefined) {
        const store = await kysely<MarketplaceDB>(em)
          .selectFrom('Store')
          .select('id')
          .where('pathPrefix', '=', options.pathPrefix)
          .executeTakeFirst();
        if (store?.id !== q.store.id) throw new NotFoundError();
      }
      const answerable = q.state === 'awaiting' || (options.allowReanswer === true && q.state === 'not_available');
      if (!answerable) throw new DomainError(409, 'Quotation already answered', [t('marketplace.quotationAlreadyAnswered')]);
      return applyQuotationAnswer(em, q, answer, { respondedBy: visitor.user!.id, actor, now: this.clock.now() });
    });
    if (result.expires) await this.windows.arm({ id: quotationId, runAt: result.expires });
    return { ...result.record, remainingTime: result.expires ? result.hours : null, hours: result.hours };
  }
}

/**
 * The answer itself, whoever gives it (the console, the seller's API call, a tap on WhatsApp): the state, the
 * purchase window (remainingTime hours: the answer's, else the product's, else the default) and
 * SellerResponded, in the caller's transaction on the locked quotation. The caller checks who may answer
 * and whether the quotation is still answerable, and arms the window job after the commit.
 */
export async function applyQuotationAnswer(
  em: EntityManager,
  q: Quotation,
  answer: QuotationAnswer,
  by: { respondedBy: string; actor: Actor; now: Date },
): Promise<{ record: ReturnType<typeof quoteRecordOf>; hours: number; expires: Date | null }> {
  const product = await kysely<MarketplaceDB>(em)
    .selectFrom('Product as p')
    .innerJoin('Store as s', 's.id', 'p.store')
    .select(['p.title', 'p.referencia1', 'p.remainingTime', 's.name as storeName'])
    .where('p.id', '=', q.product.id)
    .where('p.state', '<>', 'deleted')
    .executeTakeFirst();
  if (!product) throw new NotFoundError(t('availability.productNotAvailable'));
  const now = by.now;
  const hours = answer.remainingTime ?? product.remainingTime ?? DEFAULT_QUOTATION_WINDOW_HOURS;
  const expires = answer.available ? new Date(now.getTime() + hours * HOUR_MS) : null;
  q.state = answer.available ? 'available' : 'not_available';
  q.remainingTime = answer.available ? hours : null;
  q.price = answer.price ?? null;
  q.sellerComment = answer.comment ?? null;
  q.respondedAt = now;
  q.respondedBy = by.respondedBy;
  q.windowExpiresAt = expires;
  recordEvent(
    em,
    SellerResponded,
    {
      quotationId: q.id,
      productId: q.product.id,
      storeId: q.store.id,
      userId: q.userId,
      available: answer.available,
      windowExpiresAt: expires?.toISOString() ?? null,
      reference: product.referencia1,
      title: product.title,
      storeName: product.storeName,
      customerMobile: q.customerMobile ?? null,
    },
    { aggregateId: q.id, actor: by.actor, occurredAt: now },
  );
  return { record: quoteRecordOf({ id: q.id, state: q.state, quantity: q.quantity, windowExpiresAt: expires }), hours, expires };
}
