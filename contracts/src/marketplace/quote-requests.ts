import { z } from 'zod';
import '../http/zod-es.js';
import { requiredField } from '../http/zod-es.js';
import { t } from '../messages/format.js';

/**
 * The quotation request page '/home/page/cotizacion' (spec 000 §2 "Quotation form page"; 001 §2 the vehicle card's
 * 'request a parts quotation' and the VIN not-found page's 'Solicitar Autoparte'): a workshop lists the parts it
 * needs for one vehicle and sends them to several sellers at once; each seller answers per part with one of its
 * products and a price; the workshop compares the answers and puts an answered part in the cart.
 */

/** At most this many parts per request (a job's list, not a catalogue). */
export const QUOTE_REQUEST_MAX_PARTS = 20;
/** At most this many sellers receive one request: the ones that match it best. */
export const QUOTE_REQUEST_MAX_SELLERS = 5;

const noNul = (v: string) => !v.includes('\u0000');
const text = (min: number, max: number) =>
  z
    .string(requiredField)
    .trim()
    .min(min, { error: (i) => (i.input === '' ? t('validation.required') : t('validation.minLength', { min })) })
    .max(max)
    .refine(noNul, { message: t('validation.invalidValue') });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noNul, { message: t('validation.invalidValue') })
    .optional()
    .transform((v) => (v ? v : null));

/** One part as the workshop writes it: name, the part number if known, how many (000 §3 quote cart: name, reference, amount). */
export const quoteRequestPartSchema = z.object({
  name: text(2, 120),
  reference: optionalText(60),
  amount: z.coerce
    .number({ error: t('quotation.quantityMustBePositive') })
    .int({ error: t('quotation.quantityMustBePositive') })
    .min(1, { error: t('quotation.quantityMustBePositive') })
    .max(999),
});

export const quoteRequestVehicleSchema = z.object({
  brand: text(2, 60),
  model: text(1, 80),
  year: z.coerce.number().int().min(1950).max(2100).optional().nullable(),
  vin: optionalText(17),
  /** The garage vehicle it came from, when the workshop picked one. */
  garageVehicleId: z.uuid().optional().nullable(),
});

export const quoteRequestInputSchema = z.object({
  vehicle: quoteRequestVehicleSchema,
  parts: z
    .array(quoteRequestPartSchema)
    .min(1, { error: t('quoteRequests.partsRequired') })
    .max(QUOTE_REQUEST_MAX_PARTS, { error: t('quoteRequests.tooManyParts', { max: QUOTE_REQUEST_MAX_PARTS }) }),
  city: text(2, 80),
  comment: optionalText(1000),
});
export type QuoteRequestInput = z.infer<typeof quoteRequestInputSchema>;
export type QuoteRequestRequest = z.input<typeof quoteRequestInputSchema>;

export const QUOTE_REQUEST_SELLER_STATES = ['awaiting', 'answered'] as const;
export type QuoteRequestSellerState = (typeof QUOTE_REQUEST_SELLER_STATES)[number];

const vehicleViewSchema = z.object({
  brand: z.string(),
  model: z.string(),
  year: z.number().int().nullable(),
  vin: z.string().nullable(),
  garageVehicleId: z.string().nullable(),
});

export const quoteRequestLineViewSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  reference: z.string().nullable(),
  amount: z.number().int(),
});

/** A seller's answer to one part: its product and unit price (the cart's price for it), or not available. */
export const quoteOfferViewSchema = z.object({
  lineId: z.uuid(),
  available: z.boolean(),
  productId: z.string().nullable(),
  productTitle: z.string().nullable(),
  productReference: z.string().nullable(),
  manufacturer: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.enum(['COP', 'MXN']).nullable(),
  /** The quotation the answer opened: 'Agregar al carrito' sends it with the product. */
  quotationId: z.string().nullable(),
  /** 'available' while the purchase window is open; 'expired' or 'ordered' after. */
  quotationState: z.string().nullable(),
  windowExpiresAt: z.string().nullable(),
});
export type QuoteOfferView = z.infer<typeof quoteOfferViewSchema>;

export const quoteRequestSellerViewSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  state: z.enum(QUOTE_REQUEST_SELLER_STATES),
  answeredAt: z.string().nullable(),
  comment: z.string().nullable(),
  offers: z.array(quoteOfferViewSchema),
});

/** The requester's view: the request, its parts, and every asked seller's answers side by side. */
export const quoteRequestViewSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  vehicle: vehicleViewSchema,
  city: z.string(),
  comment: z.string().nullable(),
  lines: z.array(quoteRequestLineViewSchema),
  sellers: z.array(quoteRequestSellerViewSchema),
});
export type QuoteRequestView = z.infer<typeof quoteRequestViewSchema>;

/** One of the requester's requests in their list. */
export const quoteRequestSummarySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  vehicle: vehicleViewSchema,
  parts: z.number().int(),
  sellers: z.number().int(),
  answered: z.number().int(),
});
export type QuoteRequestSummary = z.infer<typeof quoteRequestSummarySchema>;

export const quoteRequestReceiptSchema = z.object({ id: z.uuid(), sellers: z.number().int() });

/** A request as a seller sees it in the operator console: one row per (request, asked store). */
export const adminQuoteRequestSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  state: z.enum(QUOTE_REQUEST_SELLER_STATES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  customerName: z.string().nullable(),
  vehicle: z.string(),
  city: z.string(),
  comment: z.string().nullable(),
  sellerComment: z.string().nullable(),
  lines: z.array(
    quoteRequestLineViewSchema.extend({
      offer: quoteOfferViewSchema.omit({ lineId: true }).nullable(),
    }),
  ),
});
export type AdminQuoteRequest = z.infer<typeof adminQuoteRequestSchema>;

export const adminQuoteRequestFilterSchema = z.strictObject({
  id: z.union([z.string().max(100), z.array(z.string().max(100)).max(1000)]).optional(),
  storeId: z.uuid().optional(),
  state: z.enum(QUOTE_REQUEST_SELLER_STATES).optional(),
});
export type AdminQuoteRequestFilter = z.infer<typeof adminQuoteRequestFilterSchema>;

/** The seller's answer: per part, one of the store's products and its unit price, or not available. */
export const quoteRequestAnswerSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.uuid(),
        available: z.boolean(),
        productId: z.uuid().optional().nullable(),
        price: z.coerce.number().min(1).max(1_000_000_000).optional().nullable(),
      }),
    )
    .min(1, { error: t('quoteRequests.answerRequired') })
    .max(QUOTE_REQUEST_MAX_PARTS),
  comment: optionalText(1000),
});
export type QuoteRequestAnswer = z.infer<typeof quoteRequestAnswerSchema>;

/** How a vehicle reads in messages and lists: 'Mazda 3 2018'. */
export function vehicleLabel(v: { brand: string; model: string; year: number | null }): string {
  return [v.brand, v.model, v.year ?? ''].join(' ').replace(/\s+/g, ' ').trim();
}
