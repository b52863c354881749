import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

/** The variables only the notifications context reads. */
export const notificationsConfig = defineContextConfig(
  'notifications',
  z.object({
    /** How e-mail goes out: 'log' writes each message to the log and marks it sent; 'smtp' sends it through SMTP_URL. */
    NOTIFICATIONS_EMAIL: z.enum(['log', 'smtp']).default('log'),
    /** How WhatsApp goes out: 'log', or 'cloud-api' (Meta's WhatsApp Cloud API at WHATSAPP_API_URL). */
    NOTIFICATIONS_WHATSAPP: z.enum(['log', 'cloud-api']).default('log'),
    /** Delivery attempts per message (BullMQ, exponential backoff) before it is marked 'failed'. */
    NOTIFICATIONS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** The SMTP server: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…`. Compose: Mailpit. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
    /** The sender of this environment's mail. */
    MAIL_FROM: z.string().min(3).default('Tuerca <no-responder@tuerca.local>'),
    /** The Graph API with its version. */
    WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v23.0'),
    /** The business phone number's id in the WhatsApp Business account. */
    WHATSAPP_PHONE_NUMBER_ID: z.string().default(''),
    /** A system user's access token for the Cloud API. */
    WHATSAPP_TOKEN: z.string().default(''),
    /** The Meta app's secret: the inbound webhook's X-Hub-Signature-256 is checked with it (unset: every call is refused). */
    WHATSAPP_APP_SECRET: z.string().default(''),
    /** The token Meta sends back in the webhook's verification handshake (unset: the handshake is refused). */
    WHATSAPP_VERIFY_TOKEN: z.string().default(''),
    /** The language code the WhatsApp templates are registered in. */
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('es'),
  }),
  (c) => [
    ...(c.NOTIFICATIONS_WHATSAPP === 'cloud-api' && !c.WHATSAPP_PHONE_NUMBER_ID
      ? ['WHATSAPP_PHONE_NUMBER_ID is required with NOTIFICATIONS_WHATSAPP=cloud-api']
      : []),
    ...(c.NOTIFICATIONS_WHATSAPP === 'cloud-api' && !c.WHATSAPP_TOKEN
      ? ['WHATSAPP_TOKEN is required with NOTIFICATIONS_WHATSAPP=cloud-api']
      : []),
  ],
);
export type NotificationsConfig = ConfigOf<typeof notificationsConfig>;
