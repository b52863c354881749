import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ErrorCodes,
  QuoteRequested,
  quotationQuantityProblem,
  t,
  type Actor,
  type MakeQuotationInput,
  type SessionUser,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, ValidationError, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { Quotation } from './quotation.entity.js';
import { quoteRecordOf } from './quotation.rules.js';
import { closeExpiredQuotations } from './quotation-window.js';

/** makeQuotation (quantityquotation, productidquotation): 'Confirmar' asks the seller to confirm stock (spec 000 §4). */
export class RequestQuotation extends Command<ReturnType<typeof quoteRecordOf>> {
  constructor(
    readonly user: SessionUser,
    readonly input: MakeQuotationInput,
    readonly actor: Actor,
  ) {
    super();
  }
}

function bad(key: Parameters<typeof t>[0], params?: Record<string, string | number>, path?: string): ValidationError {
  const message = t(key, params);
  return new ValidationError([message], path ? [{ path, message }] : undefined);
}

/**
 * spec 000 §5: "A guest cannot request a quote (login modal appears). The user must also have completed
 * sign-up." The quantity rule and texts are `quotationQuantityProblem` (shared with the console). One open
 * request per person and product (409).
 */
@CommandHandler(RequestQuotation)
export class RequestQuotationHandler implements ICommandHandler<RequestQuotation> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, input, actor }: RequestQuotation) {
    if (!user.signUpCompleted) throw new DomainError(403, ErrorCodes.SIGN_UP_INCOMPLETE, [t('auth.signUpIncomplete')]);
    return this.db.transactional(async (em) => {
      const k = kysely<MarketplaceDB>(em);
      const product = await k
        .selectFrom('Product as p')
        .innerJoin('Store as s', 's.id', 'p.store')
        .select([
          'p.id',
          'p.store as storeId',
          'p.title',
          'p.referencia1',
          'p.inventario',
          'p.salesModel',
          'p.quotationMaxQuantity',
          's.mobile as storeMobile',
        ])
        .where('p.id', '=', input.productidquotation)
        .where('p.state', '<>', 'deleted')
        .executeTakeFirst();
      if (!product) throw new NotFoundError(t('availability.productNotAvailable'));
      if (product.salesModel !== 3) throw bad('marketplace.quotationOnlyForQuotationProducts');
      const problem = quotationQuantityProblem(input.quantityquotation, {
        inventario: product.inventario,
        quotationMaxQuantity: product.quotationMaxQuantity,
      });
      if (problem) throw bad(problem.key, problem.params, 'quantityquotation');
      const now = this.clock.now();
      await closeExpiredQuotations(em, { userId: user.id, productId: product.id }, actor, now);
      const open = await k
        .selectFrom('Quotation')
        .select('id')
        .where('userId', '=', user.id)
        .where('product', '=', product.id)
        .where('state', 'in', ['awaiting', 'available'])
        .forUpdate()
        .executeTakeFirst();
      if (open) throw new DomainError(409, 'Quotation already requested', [t('marketplace.quotationAlreadyRequested')]);
      const quantity = Number(String(input.quantityquotation).trim());
      const q = em.create(Quotation, {
        id: randomUUID(),
        product: product.id,
        store: product.storeId,
        userId: user.id,
        customerName: user.name,
        customerMobile: user.mobile || null,
        quantity,
        state: 'awaiting',
        requestedAt: now,
      });
      recordEvent(
        em,
        QuoteRequested,
        {
          quotationId: q.id,
          productId: product.id,
          storeId: product.storeId,
          userId: user.id,
          quantity,
          reference: product.referencia1,
          title: product.title,
          customerName: user.name,
          storeMobile: product.storeMobile,
        },
        { aggregateId: q.id, actor, occurredAt: now },
      );
      return quoteRecordOf({ id: q.id, state: 'awaiting', quantity, windowExpiresAt: null });
    });
  }
}
