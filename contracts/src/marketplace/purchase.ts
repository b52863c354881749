import { z } from 'zod';
import '../http/zod-es.js';
import { t, type MessageKey } from '../messages/format.js';
import { shippingAddressSchema } from '../identity/address.js';
import { QUOTATION_STATES } from './quotation.js';

/**
 * The buyer's side of the money path (DESIGN §4; spec 000 §3 "Transaction/cart header: id, ref_venta,
 * total; payment store info: name, mobile_number, addressing_after_transaction, transaction_closing_form,
 * addressing_button_name"). A checkout turns selected cart lines into one transaction per store (and per
 * way of closing the sale); money is integer minor units (cents) everywhere, IVA is shown as included.
 */

const uuid = (message = t('validation.invalidValue')) => z.string({ error: t('validation.fieldRequired') }).uuid({ error: message });

/** How a transaction closes: paid online now, an order the seller confirms first, a payment link, or an order from an answered quotation. */
export const TRANSACTION_CHANNELS = ['online', 'order', 'link', 'quotation'] as const;
export type TransactionChannel = (typeof TRANSACTION_CHANNELS)[number];

/** pending payment → paid → (cancelled | returned, the next piece of work); orders first await the seller's confirmation. */
export const TRANSACTION_STATES = ['awaiting_confirmation', 'pending_payment', 'paid', 'cancelled', 'returned'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

export const CANCEL_REASONS = ['buyer', 'payment_declined', 'payment_expired', 'reservation_expired', 'seller_rejected'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Where the reserved stock stands: held for the transaction, given back, sold, or never taken (records older than reservations). */
export const STOCK_STATES = ['reserved', 'released', 'committed', 'none'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** How a store closes a sale after the transaction (payment store info's transaction_closing_form; "not shown": Tuerca's list). */
export const CLOSING_FORMS = ['whatsapp', 'store_website', 'in_store'] as const;
export type ClosingForm = (typeof CLOSING_FORMS)[number];

/** IVA included in every price: Colombia 19 % (Estatuto Tributario art. 468), Mexico 16 % (Ley del IVA art. 1). */
export const IVA_RATES = { CO: 19, MX: 16 } as const;
export type StoreCountry = keyof typeof IVA_RATES;

/** An amount of integer minor units as a person reads it: '$ 1.234.567 COP', '$ 1,234.50 MXN'. */
export function formatCents(cents: number, currency: 'COP' | 'MXN'): string {
  const mx = currency === 'MXN';
  const text = new Intl.NumberFormat(mx ? 'es-MX' : 'es-CO', {
    style: 'currency',
    currency,
    minimumFractionDigits: mx ? 2 : 0,
    maximumFractionDigits: mx ? 2 : 0,
  }).format(cents / 100);
  return `${text} ${currency}`;
}

/** '1 producto', '2 productos'. */
export function unitsText(units: number): string {
  return t('purchases.units', { count: units });
}

const camel = (code: string) => code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The Spanish name of a transaction's state ('Pendiente de pago'). */
export function transactionStateText(state: TransactionState): string {
  return t(`purchases.states.${camel(state)}` as MessageKey);
}

/** Why a transaction was cancelled, in Spanish ('El pago fue rechazado'). */
export function cancelReasonText(reason: CancelReason): string {
  return t(`purchases.cancelReasons.${camel(reason)}` as MessageKey);
}

/** How the store closes the sale, in Spanish. */
export function closingFormText(form: ClosingForm): string {
  return t(`purchases.closingForms.${camel(form)}` as MessageKey);
}

/** The way a transaction closes, in Spanish ('Compra en línea'). */
export function channelText(channel: TransactionChannel): string {
  return t(`purchases.channels.${channel}` as MessageKey);
}

/** The human reference of a transaction: TU- and seven digits ('TU-0001042'); never reused (a sequence). */
export function refVentaOf(n: number | bigint | string): string {
  return `TU-${String(n).padStart(7, '0')}`;
}

// ----------------------------------------------------------------------------------------------------------
// Inputs

const itemIds = z
  .array(uuid(t('cart.invalidItem')))
  .min(1, { error: t('checkout.nothingSelected') })
  .max(100);

/**
 * The address a checkout or setShippingInfo stores as a snapshot (identity's self-contained
 * `shippingAddressSchema`: names beside DANE / INEGI codes, checked against the official lists), usually one
 * of the person's saved addresses (userAdditionalAddress), whose id is kept for reference.
 */
export const shippingChoiceSchema = z.object({
  addressId: z.string().trim().max(100).optional(),
  address: shippingAddressSchema,
});
export type ShippingChoice = z.infer<typeof shippingChoiceSchema>;

/** The snapshot as a transaction keeps it: a later edit or deletion of the saved address changes nothing here. */
export const shippingSnapshotSchema = z.object({ addressId: z.string().nullable(), address: shippingAddressSchema });
export type ShippingSnapshot = z.infer<typeof shippingSnapshotSchema>;

/**
 * A checkout of cart lines (makePurchase, saveOnlinePurchase, savePurchaseOrder, createPaymentLink):
 * the lines (default: the cart's selected lines), the order dialog's comment and terms (spec 000 §2, §5),
 * where to ship, and the garage vehicle the parts are for (optional).
 */
export const checkoutBodySchema = z.object({
  itemIds: itemIds.optional(),
  comment: z.string().trim().max(1000).default(''),
  acceptTerms: z.boolean().optional(),
  shipping: shippingChoiceSchema.optional(),
  vehicleId: uuid().optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** saveOnlinePurchase and createPaymentLink also pay an existing transaction awaiting payment (a confirmed order, a quotation order). */
export const payBodySchema = checkoutBodySchema.extend({ transactionId: uuid().optional() });
export type PayBody = z.infer<typeof payBodySchema>;

/** saveShopping: the cart page's state — each line's quantity and whether it is selected for the checkout. */
export const saveShoppingBodySchema = z.object({
  items: z
    .array(
      z.object({
        id: uuid(t('cart.invalidItem')),
        quantity: z.coerce
          .number({ error: t('quotation.quantityMustBePositive') })
          .int({ error: t('quotation.quantityMustBePositive') })
          .min(1, { error: t('quotation.quantityMustBePositive') })
          .max(1_000_000),
        selected: z.boolean(),
      }),
    )
    .min(1, { error: t('validation.fieldRequired') })
    .max(200),
});
export type SaveShoppingBody = z.infer<typeof saveShoppingBodySchema>;

export const selectedItemsBodySchema = z.object({ itemIds });
export const optionalItemsBodySchema = z.object({ itemIds: itemIds.optional() });

/** PATCH CartShoppingHeader/{id}: the buyer cancels a transaction that is not paid. */
export const cancelTransactionBodySchema = z.object({
  state: z.literal('cancelled', { error: t('purchases.onlyCancel') }),
  reason: z.string().trim().max(500).optional(),
});

export const associateVehicleBodySchema = z.object({ vehicleId: uuid().nullable() });
export const changeReadStatusBodySchema = z.object({ isRead: z.boolean().default(true) });
export const transactionIdParams = z.object({ id: uuid(t('errors.notFound')) });

/** GET /cart/page/validateProductStock: the guest stock check before adding or checking out. */
export const validateProductStockQuerySchema = z.object({
  productId: uuid(t('availability.productNotAvailable')),
  quantity: z.coerce
    .number({ error: t('quotation.quantityMustBePositive') })
    .int({ error: t('quotation.quantityMustBePositive') })
    .min(1, { error: t('quotation.quantityMustBePositive') })
    .max(1_000_000)
    .default(1),
});

/** listAllTransactions' `filter` (JSON): state, store, reference text, dates, and which side of the sale. */
export const transactionFilterSchema = z.object({
  state: z.enum(TRANSACTION_STATES).optional(),
  storeId: uuid().optional(),
  /** ref_venta or product text, contains. */
  q: z.string().trim().max(100).optional(),
  from: z.iso.date({ error: t('validation.invalidDate') }).optional(),
  to: z.iso.date({ error: t('validation.invalidDate') }).optional(),
  /** 'buyer' (default): my purchases; 'seller': my store's sales (sellers, store admins, operators). */
  typeUser: z.enum(['buyer', 'seller']).optional(),
  /** With onlyQuotation: a quotation state. */
  quotationState: z.enum(QUOTATION_STATES).optional(),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

/** listAllTransactions' scopes: state groups a list tab asks for. */
export const TRANSACTION_SCOPES = ['open', 'paid', 'closed', 'unread'] as const;

// ----------------------------------------------------------------------------------------------------------
// Answers

export const amountsSchema = z.object({
  /** Sum of unit price × quantity, before the store's purchase discount. */
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  /** What the buyer pays, IVA included. */
  totalCents: z.number().int(),
  ivaRate: z.number().int(),
  /** The IVA included in the total. */
  ivaCents: z.number().int(),
});
export type Amounts = z.infer<typeof amountsSchema>;

export const transactionLineSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  title: z.string(),
  /** Null when the store hides references (virtual store). */
  reference: z.string().nullable(),
  manufacturerTitle: z.string(),
  imageUrl: z.string().nullable(),
  salesModel: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** The store's purchase discount (spec 000 §3 additionalDiscount). */
  discountPercentage: z.number(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  quotationId: z.uuid().nullable(),
});
export type TransactionLine = z.infer<typeof transactionLineSchema>;

/** spec 000 §3 payment store info. */
export const paymentStoreInfoSchema = z.object({
  name: z.string(),
  mobile_number: z.string().nullable(),
  /** Where the buyer goes to continue with the store after the transaction (a WhatsApp chat by default). */
  addressing_after_transaction: z.string().nullable(),
  transaction_closing_form: z.enum(CLOSING_FORMS),
  addressing_button_name: z.string(),
});
export type PaymentStoreInfo = z.infer<typeof paymentStoreInfoSchema>;

export const transactionPaymentSchema = z.object({
  reference: z.string(),
  amountCents: z.number().int(),
  method: z.string(),
  receivedAt: z.string(),
  reversedAt: z.string().nullable(),
});

/** The open payment request of a transaction (billing's payment: its page, and until when). */
export const paymentRequestViewSchema = z.object({
  reference: z.string(),
  kind: z.enum(['checkout', 'link']),
  checkoutUrl: z.string(),
  expiresAt: z.string(),
});

export const purchaseVehicleSchema = z.object({
  vehicleId: z.uuid(),
  licensePlate: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
});
export type PurchaseVehicle = z.infer<typeof purchaseVehicleSchema>;

/** A transaction as the buyer reads it (spec 000 §3 cart header, with lines, payment and store contact). */
export const transactionViewSchema = z.object({
  recordType: z.literal('transaction'),
  id: z.uuid(),
  ref_venta: z.string(),
  /** Total in the store's currency units (the spec's header field); the exact figure is `amounts.totalCents`. */
  total: z.number(),
  currency: z.enum(['COP', 'MXN']),
  country: z.enum(['CO', 'MX']),
  state: z.enum(TRANSACTION_STATES),
  channel: z.enum(TRANSACTION_CHANNELS),
  amounts: amountsSchema,
  /** Units in the transaction (sum of the lines' quantities). */
  quantity: z.number().int(),
  lines: z.array(transactionLineSchema),
  store: z.object({ id: z.uuid(), name: z.string(), pathPrefix: z.string().nullable(), logotypeUrl: z.string().nullable() }),
  paymentStoreInfo: paymentStoreInfoSchema,
  payment: paymentRequestViewSchema.nullable(),
  payments: z.array(transactionPaymentSchema),
  /** Until when the stock is held for this transaction (null once paid, released or never reserved). */
  reservationExpiresAt: z.string().nullable(),
  stockState: z.enum(STOCK_STATES),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** A payment arrived for a transaction that could no longer be honoured: the money is to be returned. */
  refundDue: z.boolean(),
  comment: z.string(),
  shippingAddress: shippingSnapshotSchema.nullable(),
  vehicle: purchaseVehicleSchema.nullable(),
  quotationId: z.uuid().nullable(),
  isRead: z.boolean(),
  buyerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

/** A quotation record (listAllTransactions with onlyQuotation): a stock-confirmation request and its answer. */
export const quotationRecordSchema = z.object({
  recordType: z.literal('quotation'),
  id: z.uuid(),
  productId: z.uuid(),
  productTitle: z.string(),
  reference: z.string().nullable(),
  storeId: z.uuid(),
  storeName: z.string(),
  userId: z.string(),
  customerName: z.string().nullable(),
  quantity: z.number().int(),
  state: z.enum(QUOTATION_STATES),
  remainingTime: z.number().int().nullable(),
  price: z.number().nullable(),
  requestedAt: z.string(),
  respondedAt: z.string().nullable(),
  windowExpiresAt: z.string().nullable(),
});
export type QuotationRecord = z.infer<typeof quotationRecordSchema>;

/** What a checkout answers: the transactions it made (one per store and way of closing) and the payments to open. */
export const checkoutResultSchema = z.object({
  transactions: z.array(transactionViewSchema),
  /** True when this answer repeats an earlier request with the same Idempotency-Key (nothing new was made). */
  replayed: z.boolean(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** A cart line as the cart page shows it, with what the checkout will charge. */
export const cartLineSchema = z.object({
  id: z.uuid(),
  section: z.enum(['cart', 'favorites']),
  productId: z.uuid(),
  title: z.string(),
  reference: z.string().nullable(),
  manufacturerTitle: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  /** Null when the price is hidden and no quotation gives one. */
  unitPrice: z.number().nullable(),
  unitPriceCents: z.number().int().nullable(),
  discountPercentage: z.number(),
  lineTotalCents: z.number().int().nullable(),
  currency: z.enum(['COP', 'MXN']),
  storeId: z.uuid(),
  storeName: z.string(),
  quotationId: z.uuid().nullable(),
  salesModel: z.number().int(),
  selected: z.boolean(),
  inventario: z.number().int(),
  minimumOrderQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  /** Why this line cannot be checked out now (Spanish), or null. */
  problem: z.string().nullable(),
  addedAt: z.string(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Each store's part of the selected lines: totals, IVA included, and its minimum purchase value. */
export const cartStoreSummarySchema = z.object({
  storeId: z.uuid(),
  storeName: z.string(),
  currency: z.enum(['COP', 'MXN']),
  country: z.enum(['CO', 'MX']),
  amounts: amountsSchema,
  minimumCents: z.number().int(),
  minimumMet: z.boolean(),
  selectedLines: z.number().int(),
});
export type CartStoreSummary = z.infer<typeof cartStoreSummarySchema>;

/** verifyMinimunValue: each store of the selected lines against its minimum purchase value, naming those that fall short. */
export const minimumCheckSchema = z.object({
  ok: z.boolean(),
  stores: z.array(
    z.object({
      storeId: z.uuid(),
      storeName: z.string(),
      total: z.number(),
      minimum: z.number(),
      currency: z.enum(['COP', 'MXN']),
      ok: z.boolean(),
      /** Spanish: what is missing, naming the store; null when the store's minimum is met. */
      message: z.string().nullable(),
    }),
  ),
});
export type MinimumCheck = z.infer<typeof minimumCheckSchema>;

export const stockCheckSchema = z.object({
  productId: z.uuid(),
  available: z.boolean(),
  inventario: z.number().int(),
  quantity: z.number().int(),
  /** The spec's text when the quantity cannot be bought, else null. */
  message: z.string().nullable(),
});
