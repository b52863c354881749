import { z } from 'zod';
import { defineEvent } from './define.js';

export const SellerRepliedOnWhatsApp = defineEvent({
  name: 'SellerRepliedOnWhatsApp',
  context: 'notifications',
  description:
    "A store answered a quotation from WhatsApp by tapping 'Hay disponibilidad' / 'No hay disponibilidad' on the quotation message (webhook, signature checked, de-duplicated by WhatsApp's message id). The marketplace applies it as the seller's answer.",
  payload: z.object({
    quotationId: z.uuid(),
    available: z.boolean(),
    /** The number that tapped the button, E.164; the marketplace accepts it only from the store's own number. */
    from: z.string(),
    /** WhatsApp's id of the reply (wamid…), unique per inbound message. */
    whatsappMessageId: z.string(),
    repliedAt: z.string(),
  }),
});
