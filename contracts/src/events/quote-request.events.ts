import { z } from 'zod';
import { defineEvent } from './define.js';

/**
 * The quotation request page (spec 000 §2 '/home/page/cotizacion'): one request reaches several sellers; each
 * is told on WhatsApp, and the requester is told when one answers.
 */
export const PartsQuoteRequested = defineEvent({
  name: 'PartsQuoteRequested',
  context: 'marketplace',
  description:
    'A workshop asked one seller (of the several a quotation request reached) for prices of its list of parts for a vehicle; the seller is told on WhatsApp.',
  payload: z.object({
    requestId: z.uuid(),
    /** The (request, store) the seller answers in the operator console. */
    assignmentId: z.uuid(),
    storeId: z.uuid(),
    storeName: z.string(),
    /** The store's WhatsApp number (E.164), null when it has none. */
    storeMobile: z.string().nullable(),
    userId: z.string(),
    customerName: z.string().nullable(),
    vehicle: z.string(),
    city: z.string(),
    parts: z.array(z.object({ name: z.string(), reference: z.string().nullable(), amount: z.number().int() })),
  }),
});

export const PartsQuoteAnswered = defineEvent({
  name: 'PartsQuoteAnswered',
  context: 'marketplace',
  description:
    'A seller answered a quotation request: per part one of its products and a unit price (an open quotation the requester can put in the cart), or not available; the requester is told on WhatsApp.',
  payload: z.object({
    requestId: z.uuid(),
    assignmentId: z.uuid(),
    storeId: z.uuid(),
    storeName: z.string(),
    userId: z.string(),
    /** The requester's WhatsApp number, null when unknown. */
    customerMobile: z.string().nullable(),
    vehicle: z.string(),
    available: z.number().int(),
    parts: z.number().int(),
  }),
});
