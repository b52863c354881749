import { z } from 'zod';
import { successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';

const tags = ['notifications', 'whatsapp'];
const WEBHOOK = '/api/notifications/whatsapp/webhook';

/** Meta's verification handshake: `GET …?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`. */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** One message a person sent to the business number (the kinds the product reads; others are kept and ignored). */
const inboundMessageSchema = z.looseObject({
  from: z.string().max(32),
  id: z.string().min(1).max(256),
  timestamp: z.string().max(20).optional(),
  type: z.string().max(40),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
  button: z.looseObject({ payload: z.string().max(256).optional(), text: z.string().max(256).optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string().max(40),
      button_reply: z.looseObject({ id: z.string().max(256), title: z.string().max(256) }).optional(),
    })
    .optional(),
});

/** WhatsApp's status callback for a message the business sent (sent, delivered, read, failed with its errors). */
const statusSchema = z.looseObject({
  id: z.string().min(1).max(256),
  status: z.string().max(40),
  recipient_id: z.string().max(32).optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number().optional(),
        title: z.string().max(500).optional(),
        error_data: z.looseObject({ details: z.string().max(1000).optional() }).optional(),
      }),
    )
    .max(20)
    .optional(),
});

/** Meta's webhook notification (`object: whatsapp_business_account`, entries of changes with the `messages` field). */
export const whatsappWebhookSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(64),
        changes: z
          .array(
            z.looseObject({
              field: z.string().max(64),
              value: z.looseObject({
                messages: z.array(inboundMessageSchema).max(1000).optional(),
                statuses: z.array(statusSchema).max(1000).optional(),
              }),
            }),
          )
          .max(1000),
      }),
    )
    .max(1000),
});
export type WhatsAppWebhook = z.infer<typeof whatsappWebhookSchema>;

/** The WhatsApp Cloud API's webhook (Meta calls it; no session, the signature is the authentication). */
export const whatsappRoutes = {
  verify: defineRoute({
    method: 'GET',
    path: WEBHOOK,
    summary: 'WhatsApp: verificación del webhook (hub.mode=subscribe, hub.verify_token, responde hub.challenge)',
    tags,
    query: whatsappVerifyQuerySchema,
    produces: 'text/plain',
    access: 'public',
    errors: [403],
  }),
  receive: defineRoute({
    method: 'POST',
    path: WEBHOOK,
    summary:
      'WhatsApp: mensajes y estados entrantes (X-Hub-Signature-256 sobre el cuerpo crudo; sin firma válida 401 y nada se procesa; deduplicado por id de mensaje)',
    tags,
    body: whatsappWebhookSchema,
    response: successSchema(z.object({ received: z.number().int(), duplicates: z.number().int(), statuses: z.number().int() })),
    access: 'public',
    errors: [400, 401],
  }),
};
