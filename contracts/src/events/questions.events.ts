import { z } from 'zod';
import { defineEvent } from './define.js';

const vehicle = z.object({ brand: z.string(), model: z.string(), year: z.number().int().nullable(), vin: z.string().nullable() });

export const QuestionAsked = defineEvent({
  name: 'QuestionAsked',
  context: 'marketplace',
  description:
    "A person asked a product's seller whether it fits their vehicle (spec 000 §7 'Product questions'), or added a follow-up to their question (followUp): the store is told on WhatsApp.",
  payload: z.object({
    questionId: z.uuid(),
    productId: z.uuid(),
    storeId: z.uuid(),
    userId: z.string(),
    askerName: z.string().nullable(),
    title: z.string(),
    reference: z.string(),
    vehicle,
    comment: z.string().nullable(),
    /** The follow-up text when this is the asker's follow-up; null for the first question. */
    followUp: z.string().nullable(),
    storeMobile: z.string().nullable(),
  }),
});

export const QuestionAnswered = defineEvent({
  name: 'QuestionAnswered',
  context: 'marketplace',
  description:
    "A seller answered a product question (yes, no, or the VIN is needed): the asker is told by WhatsApp and e-mail; a 'yes' also adds the vehicle to the product's compatible vehicles (a ProductUpdated beside it).",
  payload: z.object({
    questionId: z.uuid(),
    productId: z.uuid(),
    storeId: z.uuid(),
    storeName: z.string(),
    userId: z.string(),
    title: z.string(),
    reference: z.string(),
    vehicle,
    answer: z.enum(['yes', 'no', 'need_vin']),
    response: z.string().nullable(),
    askerName: z.string().nullable(),
    askerEmail: z.string().nullable(),
    askerMobile: z.string().nullable(),
  }),
});
