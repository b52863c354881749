import { z } from 'zod';
import { defineEvent } from './define.js';
import { MAX_SEARCHES_PER_EVENT } from '../marketplace/product.js';
import { productSnapshotSchema, storeSnapshotSchema } from '../marketplace/snapshots.js';

export const ProductPublished = defineEvent({
  name: 'ProductPublished',
  context: 'marketplace',
  description: 'A seller published a product (created, republished or imported): its full read shape.',
  payload: z.object({ product: productSnapshotSchema }),
});

export const ProductUpdated = defineEvent({
  name: 'ProductUpdated',
  context: 'marketplace',
  description: 'A published product changed (fields, stock, price, depleted): its full read shape after the change.',
  payload: z.object({ product: productSnapshotSchema }),
});

export const ProductDeleted = defineEvent({
  name: 'ProductDeleted',
  context: 'marketplace',
  description: 'A seller deleted a product; it leaves every result.',
  payload: z.object({ productId: z.uuid(), storeId: z.uuid() }),
});

export const StoreUpdated = defineEvent({
  name: 'StoreUpdated',
  context: 'marketplace',
  description: 'A store or virtual store was created or changed (name, logo, prefix, discount rules, reference hiding).',
  payload: z.object({ store: storeSnapshotSchema }),
});

export const QuoteRequested = defineEvent({
  name: 'QuoteRequested',
  context: 'marketplace',
  description: 'A person asked a seller to confirm stock of a quotation product (salesModel 3); the seller is notified.',
  payload: z.object({
    quotationId: z.uuid(),
    productId: z.uuid(),
    storeId: z.uuid(),
    userId: z.string(),
    quantity: z.number().int(),
    reference: z.string(),
    title: z.string(),
    /** Who asked, as the seller's message names them. */
    customerName: z.string().nullable(),
    /** The store's WhatsApp number the request is sent to (E.164), null when the store has none. */
    storeMobile: z.string().nullable(),
  }),
});

export const SellerResponded = defineEvent({
  name: 'SellerResponded',
  context: 'marketplace',
  description: 'The seller answered a quotation: available (purchase open for remainingTime hours) or not available.',
  payload: z.object({
    quotationId: z.uuid(),
    productId: z.uuid(),
    storeId: z.uuid(),
    userId: z.string(),
    available: z.boolean(),
    windowExpiresAt: z.string().nullable(),
    reference: z.string(),
    title: z.string(),
    storeName: z.string(),
    /** The person's WhatsApp number (E.164) the answer is sent to, null when they gave none. */
    customerMobile: z.string().nullable(),
  }),
});

export const QuotationWindowClosed = defineEvent({
  name: 'QuotationWindowClosed',
  context: 'marketplace',
  description: "An answered quotation's purchase window (remainingTime) ended without an order.",
  payload: z.object({ quotationId: z.uuid(), productId: z.uuid(), userId: z.string() }),
});

export const OrderPlaced = defineEvent({
  name: 'OrderPlaced',
  context: 'marketplace',
  description:
    'A person placed an order from an answered quotation (makeOrder). No longer emitted: makeOrder makes a transaction (PurchasePlaced with channel quotation).',
  payload: z.object({
    orderId: z.uuid(),
    refVenta: z.string(),
    quotationId: z.uuid(),
    productId: z.uuid(),
    storeId: z.uuid(),
    userId: z.string(),
    quantity: z.number().int(),
    total: z.number(),
    currency: z.enum(['COP', 'MXN']),
  }),
});

export const ProductsImported = defineEvent({
  name: 'ProductsImported',
  context: 'marketplace',
  description: "A seller's spreadsheet import finished: written in full, or rejected with its row errors.",
  payload: z.object({
    importId: z.uuid(),
    storeId: z.uuid(),
    status: z.enum(['imported', 'rejected']),
    rows: z.number().int(),
    errors: z.number().int(),
  }),
});

const purchaseParties = {
  transactionId: z.uuid(),
  refVenta: z.string(),
  buyerId: z.string(),
  buyerName: z.string().nullable(),
  /** Where the buyer's e-mails go; null when the account has none. */
  buyerEmail: z.string().nullable(),
  buyerMobile: z.string().nullable(),
  storeId: z.uuid(),
  storeName: z.string(),
  /** The store's WhatsApp number (E.164), null when it has none. */
  storeMobile: z.string().nullable(),
  currency: z.enum(['COP', 'MXN']),
  /** What the buyer pays, IVA included, in integer minor units. */
  totalCents: z.number().int(),
};

/** A checkout made a transaction of one store: stock reserved, waiting for payment or for the seller's confirmation. */
export const PurchasePlaced = defineEvent({
  name: 'PurchasePlaced',
  context: 'marketplace',
  description:
    "A buyer's checkout made a transaction of one store (online purchase, order, payment link or order of a quotation): stock reserved, lines and totals; the seller is told on WhatsApp, the buyer by e-mail.",
  payload: z.object({
    ...purchaseParties,
    channel: z.enum(['online', 'order', 'link', 'quotation']),
    state: z.enum(['awaiting_confirmation', 'pending_payment']),
    ivaCents: z.number().int(),
    ivaRate: z.number().int(),
    lines: z.array(
      z.object({
        productId: z.uuid(),
        title: z.string(),
        reference: z.string().nullable(),
        quantity: z.number().int(),
        unitPriceCents: z.number().int(),
        totalCents: z.number().int(),
      }),
    ),
    /** Until when the stock is held unpaid (the reservation's end). */
    reservationExpiresAt: z.string().nullable(),
    quotationId: z.uuid().nullable(),
    comment: z.string(),
  }),
});

/** The payments of a transaction reached its total: the purchase is paid, its stock sold. */
export const PurchasePaid = defineEvent({
  name: 'PurchasePaid',
  context: 'marketplace',
  description:
    "A transaction's payments reached its total (once, however often the gateway repeats itself): the stock is sold; seller and buyer are told.",
  payload: z.object({
    ...purchaseParties,
    paymentReference: z.string(),
    paidAt: z.string(),
  }),
});

/** A transaction ended unpaid: cancelled by the buyer, its payment declined or expired, or its reservation run out. */
export const PurchaseCancelled = defineEvent({
  name: 'PurchaseCancelled',
  context: 'marketplace',
  description:
    'A transaction ended unpaid (buyer, declined or expired payment, reservation window over, seller rejected): its reserved stock went back to the store.',
  payload: z.object({
    ...purchaseParties,
    reason: z.enum(['buyer', 'payment_declined', 'payment_expired', 'reservation_expired', 'seller_rejected']),
    stockReleased: z.boolean(),
  }),
});

/** One search of the sellers' products as the analysts see it: text or part number, normalised, found or not. */
const productsSearch = {
  kind: z.enum(['text', 'reference']),
  /** The normalised text (lower case, single spaces) or part number searched. */
  query: z.string().min(1).max(200),
  personKind: z.enum(['guest', 'user']),
  country: z.enum(['CO', 'MX']).nullable(),
  found: z.boolean(),
  resultCount: z.number().int().min(0),
  latencyMs: z.number().int().min(0),
};

/**
 * No longer recorded (kept so older log entries still read): one search of the sellers' products per event.
 * Replaced by ProductsSearched v2, which carries the searches of a moment together.
 */
export const ProductsSearched = defineEvent({
  name: 'ProductsSearched',
  context: 'marketplace',
  description:
    "No longer recorded (kept so older log entries still read): one search of the marketplace's products was answered. Replaced by ProductsSearched v2 (the searches of a moment, together).",
  payload: z.object(productsSearch),
});

/**
 * One search as ProductsSearched v2 carries it, a row of values rather than an object (the names would be most of
 * its bytes): milliseconds after the event's `since` when it was answered, kind, normalised query, guest or user,
 * country, result count (found when above zero) and latency in milliseconds.
 */
const productsSearchRow = z.tuple([
  z.number().int().min(0),
  productsSearch.kind,
  productsSearch.query,
  productsSearch.personKind,
  productsSearch.country,
  productsSearch.resultCount,
  productsSearch.latencyMs,
]);

/**
 * Searches of the sellers' products answered by one process in a moment (at most MAX_SEARCHES_PER_EVENT, written
 * every 250 ms), found or not, each with when it was answered — for analysts: what people look for, and the demand
 * nobody meets yet when nothing was found. `text` is a free-text search of the results page, `reference` a
 * part-number search (with its substitutes). One event per moment rather than per search, each search a row of
 * values (issue 21): a lookup served thousands of times a second must not cost an outbox row, a relay move and a
 * log row each, nor carry its field names thousands of times through the outbox, the relay and the log.
 */
export const ProductsSearchedV2 = defineEvent({
  name: 'ProductsSearched',
  version: 2,
  context: 'marketplace',
  description:
    "Searches of the marketplace's products answered in a moment (up to 2,000 per event), found or not: each a row [milliseconds after `since`, kind, normalised query, guest or user, country, result count, latency ms] (for analysts: top terms and not-found demand).",
  payload: z.object({
    /** When the first search of the event was answered. */
    since: z.iso.datetime({ offset: true }),
    searches: z.array(productsSearchRow).min(1).max(MAX_SEARCHES_PER_EVENT),
  }),
});
