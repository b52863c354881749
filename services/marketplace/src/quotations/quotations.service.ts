import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_QUOTATION_WINDOW_HOURS,
  ErrorCodes,
  OrderPlaced,
  QuotationWindowClosed,
  QuoteRequested,
  SellerResponded,
  quotationLimit,
  quotationQuantityProblem,
  quoteRecordFlags,
  t,
  type Actor,
  type MakeOrderInput,
  type MakeQuotationInput,
  type QuotationState,
} from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  DomainError,
  Jobs,
  LoginRequiredError,
  NotFoundError,
  ValidationError,
  defineJob,
  pgTextArray,
  recordEvent,
  type Visitor,
} from '@tuerca/platform';
import { canManageStore } from '../stores/store-access.js';

/** Closes an answered quotation's purchase window when remainingTime has passed (reads check the clock too). */
export const QuotationWindowJob = defineJob<{ quotationId: string }>('marketplace', 'quotation-window');

const HOUR_MS = 3600 * 1000;

export interface QuotationRow {
  id: string;
  product_id: string;
  store_id: string;
  user_id: string;
  customer_name: string | null;
  customer_mobile: string | null;
  quantity: number;
  state: QuotationState;
  remaining_time: number | null;
  price: string | null;
  seller_comment: string | null;
  requested_at: Date | string;
  responded_at: Date | string | null;
  responded_by: string | null;
  window_expires_at: Date | string | null;
  closed_at: Date | string | null;
}

interface ProductFacts {
  id: string;
  store_id: string;
  title: string;
  referencia_1: string;
  inventario: number;
  sales_model: number;
  quotation_max_quantity: number | null;
  remaining_time: number;
  actual_price: string;
  state: string;
  currency: 'COP' | 'MXN';
  store_name: string;
  store_mobile: string | null;
}

const QUOTATION_COLUMNS = `id, product_id, store_id, user_id, customer_name, customer_mobile, quantity, state, remaining_time, price,
  seller_comment, requested_at, responded_at, responded_by, window_expires_at, closed_at`;

function bad(key: Parameters<typeof t>[0], params?: Record<string, string | number>, path?: string): ValidationError {
  const message = t(key, params);
  return new ValidationError([message], path ? [{ path, message }] : undefined);
}

/** The quote record a person's result shows for this quotation (spec 000 §3). */
export function quoteRecordOf(q: QuotationRow) {
  const flags = quoteRecordFlags(q.state);
  return {
    quotationId: q.id,
    state: q.state,
    quoteRecord: flags
      ? {
          sale_id: q.id,
          ...flags,
          quantity: q.quantity,
          expiresAt: q.state === 'available' && q.window_expires_at ? new Date(q.window_expires_at).toISOString() : null,
        }
      : null,
  };
}

/**
 * Quotations of salesModel 3 (spec 000 §4): the person asks the seller to confirm stock ('Confirmar'),
 * the seller answers available — purchase open for remainingTime hours — or not available, and the
 * person orders within the window, up to quotationMaxQuantity.
 */
@Injectable()
export class QuotationsService implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(QuotationWindowJob, ({ quotationId }) => this.closeWindow(quotationId).then(() => undefined));
  }

  private async productFacts(em: EntityManager, productId: string): Promise<ProductFacts | undefined> {
    const [row] = await em.execute<ProductFacts[]>(
      `select p.id, p.store_id, p.title, p.referencia_1, p.inventario, p.sales_model, p.quotation_max_quantity, p.remaining_time,
         p.actual_price, p.state, s.currency, s.name as store_name, s.mobile as store_mobile
       from products p join stores s on s.id = p.store_id where p.id = ? and p.state <> 'deleted'`,
      [productId],
    );
    return row;
  }

  /** Answered quotations whose window has passed are closed now, whatever the job did (reads and writes check the clock). */
  private async closeExpired(em: EntityManager, where: string, params: unknown[], actor: Actor): Promise<number> {
    const now = this.clock.now();
    const closed = await em.execute<QuotationRow[]>(
      `update quotations set state = 'expired', closed_at = ? where state = 'available' and window_expires_at <= ? and ${where} returning ${QUOTATION_COLUMNS}`,
      [now, now, ...params],
    );
    for (const q of closed)
      recordEvent(
        em,
        QuotationWindowClosed,
        { quotationId: q.id, productId: q.product_id, userId: q.user_id },
        { aggregateId: q.id, actor, occurredAt: now },
      );
    return closed.length;
  }

  /** makeQuotation (quantityquotation, productidquotation): spec 000 §4–§6. */
  async request(visitor: Visitor, input: MakeQuotationInput, actor: Actor) {
    // spec 000 §5: "A guest cannot request a quote (login modal appears). The user must also have completed sign-up."
    const user = visitor.user;
    if (!user) throw new LoginRequiredError(401, t('session.loginToQuote'));
    if (!user.signUpCompleted) throw new DomainError(403, ErrorCodes.SIGN_UP_INCOMPLETE, [t('auth.signUpIncomplete')]);
    return this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      const product = await this.productFacts(em, input.productidquotation);
      if (!product) throw new NotFoundError(t('availability.productNotAvailable'));
      if (product.sales_model !== 3) throw bad('marketplace.quotationOnlyForQuotationProducts');
      const problem = quotationQuantityProblem(input.quantityquotation, {
        inventario: product.inventario,
        quotationMaxQuantity: product.quotation_max_quantity,
      });
      if (problem) throw bad(problem.key, problem.params, 'quantityquotation');
      await this.closeExpired(em, `user_id = ? and product_id = ?`, [user.id, product.id], actor);
      const open = await em.execute<{ id: string }[]>(
        `select id from quotations where user_id = ? and product_id = ? and state in ('awaiting', 'available') for update`,
        [user.id, product.id],
      );
      if (open.length > 0) throw new DomainError(409, 'Quotation already requested', [t('marketplace.quotationAlreadyRequested')]);
      const id = randomUUID();
      const now = this.clock.now();
      const quantity = Number(String(input.quantityquotation).trim());
      const [row] = await em.execute<QuotationRow[]>(
        `insert into quotations (id, product_id, store_id, user_id, customer_name, customer_mobile, quantity, state, requested_at)
         values (?, ?, ?, ?, ?, ?, ?, 'awaiting', ?) returning ${QUOTATION_COLUMNS}`,
        [id, product.id, product.store_id, user.id, user.name, user.mobile || null, quantity, now],
      );
      recordEvent(
        em,
        QuoteRequested,
        {
          quotationId: id,
          productId: product.id,
          storeId: product.store_id,
          userId: user.id,
          quantity,
          reference: product.referencia_1,
          title: product.title,
          customerName: user.name,
          storeMobile: product.store_mobile,
        },
        { aggregateId: id, actor, occurredAt: now },
      );
      return quoteRecordOf(row!);
    });
  }

  /**
   * The seller's answer: available (sendQuotationToClientAjax, editStockConfirmationAsAvailable) opens
   * the purchase for remainingTime hours; not available (sendQuotationNotavailableToClientAjax).
   * Only the product's store (or an operator) may answer; another store's quotation is 404.
   */
  async respond(
    visitor: Visitor,
    quotationId: string,
    answer: { available: boolean; remainingTime?: number; price?: number; comment?: string },
    actor: Actor,
    options: { allowReanswer?: boolean } = {},
  ) {
    const result = await this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      const [q] = await em.execute<QuotationRow[]>(`select ${QUOTATION_COLUMNS} from quotations where id = ? for update`, [quotationId]);
      if (!q || !canManageStore(visitor, q.store_id)) throw new NotFoundError();
      const answerable = q.state === 'awaiting' || (options.allowReanswer === true && q.state === 'not_available');
      if (!answerable) throw new DomainError(409, 'Quotation already answered', [t('marketplace.quotationAlreadyAnswered')]);
      const product = await this.productFacts(em, q.product_id);
      if (!product) throw new NotFoundError(t('availability.productNotAvailable'));
      const now = this.clock.now();
      const hours = answer.remainingTime ?? product.remaining_time ?? DEFAULT_QUOTATION_WINDOW_HOURS;
      const expires = answer.available ? new Date(now.getTime() + hours * HOUR_MS) : null;
      const [row] = await em.execute<QuotationRow[]>(
        `update quotations set state = ?, remaining_time = ?, price = ?, seller_comment = ?, responded_at = ?, responded_by = ?, window_expires_at = ?
         where id = ? returning ${QUOTATION_COLUMNS}`,
        [
          answer.available ? 'available' : 'not_available',
          answer.available ? hours : null,
          answer.price ?? null,
          answer.comment ?? null,
          now,
          visitor.user!.id,
          expires,
          q.id,
        ],
      );
      recordEvent(
        em,
        SellerResponded,
        {
          quotationId: q.id,
          productId: q.product_id,
          storeId: q.store_id,
          userId: q.user_id,
          available: answer.available,
          windowExpiresAt: expires?.toISOString() ?? null,
          reference: product.referencia_1,
          title: product.title,
          storeName: product.store_name,
          customerMobile: q.customer_mobile,
        },
        { aggregateId: q.id, actor, occurredAt: now },
      );
      return { row: row!, hours, expires };
    });
    if (result.expires)
      await this.jobs.schedule(QuotationWindowJob, { quotationId }, { runAt: result.expires, jobId: `window-${quotationId}` });
    return { ...quoteRecordOf(result.row), remainingTime: result.row.remaining_time, hours: result.hours };
  }

  /** The window job: closes the purchase window if it has really passed; a job that runs early changes nothing. */
  async closeWindow(quotationId: string): Promise<boolean> {
    return this.db.transactional(async (tx) => {
      const closed = await this.closeExpired(tx as EntityManager, `id = ?`, [quotationId], { kind: 'system', id: 'quotation-window' });
      return closed > 0;
    });
  }

  /** The person's open, answered-available quotation, or the reason it cannot be bought. */
  async purchasable(em: EntityManager, userId: string, quotationId: string): Promise<QuotationRow> {
    const [q] = await em.execute<QuotationRow[]>(`select ${QUOTATION_COLUMNS} from quotations where id = ? and user_id = ? for update`, [
      quotationId,
      userId,
    ]);
    if (!q) throw new NotFoundError();
    const open = q.state === 'available' && q.window_expires_at !== null && new Date(q.window_expires_at) > this.clock.now();
    if (!open) throw new DomainError(409, 'Quotation window closed', [t('marketplace.quotationWindowClosed')]);
    return q;
  }

  /**
   * makeOrder (quotationId, comment, quantityOrder): spec 000 §5 "Marketplace order: terms must be
   * accepted" and "Making an order checks the quantity against quotationMaxQuantity".
   */
  async order(visitor: Visitor, input: MakeOrderInput, actor: Actor) {
    const user = visitor.user;
    if (!user) throw new LoginRequiredError();
    if (input.acceptTerms !== true) throw bad('marketplaceOrder.termsRequired', undefined, 'acceptTerms');
    return this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      const q = await this.purchasable(em, user.id, input.quotationId);
      const product = await this.productFacts(em, q.product_id);
      if (!product) throw new NotFoundError(t('availability.productNotAvailable'));
      if (input.quantityOrder < 1) throw bad('quotation.quantityMustBePositive', undefined, 'quantityOrder');
      const max = quotationLimit({ inventario: product.inventario, quotationMaxQuantity: product.quotation_max_quantity });
      if (input.quantityOrder > max) throw bad('quotation.quantityExceedsMax', { max }, 'quantityOrder');
      const now = this.clock.now();
      const unitPrice = Number(q.price ?? product.actual_price);
      const total = Math.round(unitPrice * input.quantityOrder * 100) / 100;
      const [seq] = await em.execute<{ n: string }[]>(`select nextval('order_numbers') as n`);
      const refVenta = `TU-${seq!.n}`;
      const orderId = randomUUID();
      await em.execute(
        `insert into orders (id, ref_venta, quotation_id, product_id, store_id, user_id, quantity, unit_price, total, currency, comment, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          orderId,
          refVenta,
          q.id,
          q.product_id,
          q.store_id,
          user.id,
          input.quantityOrder,
          unitPrice,
          total,
          product.currency,
          input.comment,
          now,
        ],
      );
      await em.execute(`update quotations set state = 'ordered', closed_at = ? where id = ?`, [now, q.id]);
      recordEvent(
        em,
        OrderPlaced,
        {
          orderId,
          refVenta,
          quotationId: q.id,
          productId: q.product_id,
          storeId: q.store_id,
          userId: user.id,
          quantity: input.quantityOrder,
          total,
          currency: product.currency,
        },
        { aggregateId: orderId, actor, occurredAt: now },
      );
      return { id: orderId, ref_venta: refVenta, total, currency: product.currency, quantity: input.quantityOrder };
    });
  }

  /** A person's quotations and a store's (listAllTransactions with onlyQuotation, and the operator console). */
  async list(
    scope: { userId?: string; storeId?: string; ids?: string[]; productId?: string },
    filter: { state?: QuotationState },
    page: { offset: number; limit: number },
    sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'requested_at', order: 'DESC' },
  ) {
    const where = ['true'];
    const params: unknown[] = [];
    if (scope.userId) {
      where.push('q.user_id = ?');
      params.push(scope.userId);
    }
    if (scope.storeId) {
      where.push('q.store_id = ?');
      params.push(scope.storeId);
    }
    if (scope.ids) {
      where.push('q.id = any(?::uuid[])');
      params.push(pgTextArray(scope.ids));
    }
    if (scope.productId) {
      where.push('q.product_id = ?');
      params.push(scope.productId);
    }
    if (filter.state) {
      where.push('q.state = ?');
      params.push(filter.state);
    }
    const clause = where.join(' and ');
    const em = this.db.em();
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from quotations q where ${clause}`, params);
    const rows = await em.execute<(QuotationRow & { product_title: string; reference: string; store_name: string })[]>(
      `select q.*, p.title as product_title, p.referencia_1 as reference, s.name as store_name
       from quotations q join products p on p.id = q.product_id join stores s on s.id = q.store_id
       where ${clause} order by q.${sort.field} ${sort.order}, q.id limit ? offset ?`,
      [...params, page.limit, page.offset],
    );
    const now = this.clock.now();
    return {
      total: Number(count?.n ?? 0),
      rows: rows.map((q) => {
        // Reads check the clock themselves: a window that has passed reads as expired before the job runs.
        const state: QuotationState =
          q.state === 'available' && q.window_expires_at && new Date(q.window_expires_at) <= now ? 'expired' : q.state;
        return {
          id: q.id,
          productId: q.product_id,
          productTitle: q.product_title,
          reference: q.reference,
          storeId: q.store_id,
          storeName: q.store_name,
          userId: q.user_id,
          customerName: q.customer_name,
          quantity: q.quantity,
          state,
          remainingTime: q.remaining_time,
          price: q.price === null ? null : Number(q.price),
          requestedAt: new Date(q.requested_at).toISOString(),
          respondedAt: q.responded_at ? new Date(q.responded_at).toISOString() : null,
          windowExpiresAt: q.window_expires_at ? new Date(q.window_expires_at).toISOString() : null,
        };
      }),
    };
  }
}
