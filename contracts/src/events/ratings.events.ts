import { z } from 'zod';
import { defineEvent } from './define.js';

/**
 * Ratings of stores by their buyers (issue #13): after a purchase is delivered the buyer is asked to rate the
 * store 1–5 with a comment; the rating feeds the search read model (average and count next to the store's name).
 */

export const StoreRatingRequested = defineEvent({
  name: 'StoreRatingRequested',
  context: 'marketplace',
  description:
    'The buyer of a delivered purchase is asked to rate the store (after delivery, or again by resendScore); notifications writes the WhatsApp and e-mail.',
  payload: z.object({
    scoreId: z.uuid(),
    transactionId: z.uuid(),
    refVenta: z.string(),
    storeId: z.uuid(),
    storeName: z.string(),
    buyerId: z.string(),
    buyerName: z.string().nullable(),
    buyerEmail: z.string().nullable(),
    buyerMobile: z.string().nullable(),
    /** 1 for the first request, 2… for each resend. */
    requestNumber: z.number().int().min(1),
    /** The customer console's page where the buyer rates (PUBLIC_URL/compras/calificar/<scoreId>). */
    rateUrl: z.string(),
  }),
});

export const StoreRated = defineEvent({
  name: 'StoreRated',
  context: 'marketplace',
  description: "A buyer rated a store 1–5 (once per purchase): the store's average and count in the search read model follow.",
  payload: z.object({
    scoreId: z.uuid(),
    transactionId: z.uuid(),
    storeId: z.uuid(),
    buyerId: z.string(),
    score: z.number().int().min(1).max(5),
    comment: z.string(),
    ratedAt: z.string(),
  }),
});
