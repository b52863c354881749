import { quoteRecordFlags, type QuotationState, type QuoteRecord } from '@tuerca/contracts';

/** The quote record a person's result shows for a quotation (spec 000 §3 quoteRecord: sale_id, seller_response, not_available). */
export function quoteRecordOf(q: { id: string; state: QuotationState; quantity: number; windowExpiresAt: Date | null }): {
  quotationId: string;
  state: QuotationState;
  quoteRecord: QuoteRecord | null;
} {
  const flags = quoteRecordFlags(q.state);
  return {
    quotationId: q.id,
    state: q.state,
    quoteRecord: flags
      ? {
          sale_id: q.id,
          ...flags,
          quantity: q.quantity,
          expiresAt: q.state === 'available' && q.windowExpiresAt ? q.windowExpiresAt.toISOString() : null,
        }
      : null,
  };
}

/** A window that has passed reads as expired before the job closes it (reads check the clock themselves). */
export function readQuotationState(state: QuotationState, windowExpiresAt: Date | null, now: Date): QuotationState {
  return state === 'available' && windowExpiresAt && windowExpiresAt <= now ? 'expired' : state;
}
