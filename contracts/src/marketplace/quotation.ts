import { z } from 'zod';
import type { MessageKey } from '../messages/format.js';
import { t } from '../messages/format.js';

/**
 * spec 000 §5 "Quotation quantity: must not be empty or '-'; message 'La cantidad debe ser mayor a
 * cero'. ... It must be an integer of at least 1, and not above available stock: 'La cantidad
 * disponible es de N unidades. Intenta con una cantidad menor.'" The limit is the stock, or
 * quotationMaxQuantity when the product sets one. Returns null when the quantity is valid.
 */
export function quotationQuantityProblem(
  raw: unknown,
  limits: { inventario: number; quotationMaxQuantity: number | null },
): { key: MessageKey; params?: Record<string, string | number> } | null {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (text === '' || text === '-') return { key: 'quotation.quantityMustBePositive' };
  if (!/^\d+$/.test(text) || Number(text) < 1) return { key: 'quotation.quantityMustBePositive' };
  const max = quotationLimit(limits);
  if (Number(text) > max) return { key: 'quotation.quantityExceedsStock', params: { quantity: max } };
  return null;
}

/** The input's max (spec 000 §5: "max equal to the stock, or quotationMaxQuantity"). */
export function quotationLimit(limits: { inventario: number; quotationMaxQuantity: number | null }): number {
  return limits.quotationMaxQuantity ?? limits.inventario;
}

/** spec 000 §7 order and quotation helpers: makeQuotation with quantityquotation, productidquotation. */
export const makeQuotationSchema = z.object({
  quantityquotation: z.union([z.string(), z.number(), z.null()]).optional(),
  productidquotation: z.string({ error: 'Este campo es obligatorio' }).uuid({ error: t('validation.invalidProduct') }),
});
export type MakeQuotationInput = z.infer<typeof makeQuotationSchema>;

/** spec 000 §7: makeOrder with quotationId, comment, quantityOrder (and the order dialog's terms checkbox, §5). */
export const makeOrderSchema = z.object({
  quotationId: z.string({ error: 'Este campo es obligatorio' }).uuid({ error: t('validation.invalidQuotation') }),
  comment: z.string().trim().max(1000).default(''),
  quantityOrder: z.coerce.number({ error: 'La cantidad debe ser mayor a cero' }).int({ error: 'La cantidad debe ser mayor a cero' }),
  acceptTerms: z.boolean().optional(),
});
export type MakeOrderInput = z.infer<typeof makeOrderSchema>;

/**
 * The seller's answer (sendQuotationToClientAjax: available, with the purchase window in hours;
 * sendQuotationNotavailableToClientAjax: not available).
 */
export const sellerAnswerSchema = z.object({
  quotationId: z.string({ error: 'Este campo es obligatorio' }).uuid({ error: t('validation.invalidQuotation') }),
  remainingTime: z.coerce.number().int().min(1).max(720).optional(),
  price: z.coerce.number().min(0).max(1_000_000_000).optional(),
  comment: z.string().trim().max(1000).optional(),
});
export type SellerAnswerInput = z.infer<typeof sellerAnswerSchema>;

/** Quotation states as stored: spec 000 §4 (seller_response, not_available) plus the closed window. */
export const QUOTATION_STATES = ['awaiting', 'available', 'not_available', 'expired', 'ordered'] as const;
export type QuotationState = (typeof QUOTATION_STATES)[number];

/** spec 000 §3 quoteRecord as the state maps to it; expired and ordered quotations are no longer a record. */
export function quoteRecordFlags(state: QuotationState): { seller_response: 0 | 1; not_available: 0 | 1 } | null {
  switch (state) {
    case 'awaiting':
      return { seller_response: 0, not_available: 0 };
    case 'available':
      return { seller_response: 1, not_available: 0 };
    case 'not_available':
      return { seller_response: 1, not_available: 1 };
    default:
      return null;
  }
}
