import { z } from 'zod';
import { defineEvent } from './define.js';
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
  description: 'A person placed an order from an answered quotation (makeOrder).',
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
