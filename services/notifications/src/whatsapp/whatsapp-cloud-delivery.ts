import { t, toE164 } from '@tuerca/contracts';
import { MessageDelivery, PermanentDeliveryError, type DeliveryReceipt, type OutgoingMessage } from '../delivery/delivery.port.js';
import { templateMessage } from './whatsapp-templates.js';

export interface WhatsAppCloudOptions {
  /** The Graph API with its version, e.g. `https://graph.facebook.com/v23.0`. */
  apiUrl: string;
  phoneNumberId: string;
  /** A system user's access token (Bearer). */
  token: string;
  /** The templates' language code as registered, e.g. `es`. */
  language: string;
  timeoutMs: number;
}

/** The Graph API's error body: `{ error: { message, type, code, error_subcode, error_data: { details }, fbtrace_id } }`. */
interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string };
  fbtrace_id?: string;
}

/**
 * Codes worth trying again (with the job's backoff): throttling (4, 80007, 130429 throughput, 131048 spam
 * rate, 131056 pair rate) and the platform's own trouble (1, 2, 131000, 131016). Anything else the API
 * refuses (100 invalid parameter, 131026 undeliverable, 131047 outside the 24-hour window, 132000/132001
 * template parameters or template missing, 190 expired token…) will not change by waiting: it fails at once.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056]);

export function isRetryable(status: number, error: GraphError | undefined): boolean {
  if (status === 429 || status >= 500) return true;
  return error?.code !== undefined && RETRYABLE_CODES.has(error.code);
}

/**
 * WhatsApp through Meta's WhatsApp Cloud API (NOTIFICATIONS_WHATSAPP=cloud-api): `POST
 * {apiUrl}/{phone-number-id}/messages` with a Bearer token; every business-initiated message is a template
 * (whatsapp-templates.ts), the quotation's with its two quick-reply buttons. The recipient must be a
 * Colombian or Mexican number (E.164); it is sent as WhatsApp writes it, digits without '+'.
 */
export class WhatsAppCloudDelivery extends MessageDelivery {
  readonly name = 'cloud-api';

  constructor(private readonly options: WhatsAppCloudOptions) {
    super();
  }

  async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
    const e164 = toE164(message.recipient);
    if (!e164) throw new PermanentDeliveryError(t('notifications.invalidWhatsappNumber', { number: message.recipient }));
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: e164.slice(1),
      type: 'template',
      template: templateMessage(message.template, message.params, message.text, this.options.language),
    };
    const res = await fetch(`${this.options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(this.options.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const answer = (await res.json().catch(() => null)) as { messages?: { id?: string }[]; error?: GraphError } | null;
    if (res.ok && answer?.messages?.[0]?.id) return { providerMessageId: answer.messages[0].id };
    const error = answer?.error;
    const reason = error
      ? `HTTP ${res.status} (${error.code ?? '?'}${error.error_subcode ? `/${error.error_subcode}` : ''}) ${error.message ?? ''}${error.error_data?.details ? ` — ${error.error_data.details}` : ''}`.trim()
      : `HTTP ${res.status}`;
    if (isRetryable(res.status, error)) throw new Error(`WhatsApp Cloud API: ${reason}`);
    throw new PermanentDeliveryError(t('notifications.bounced', { reason: `WhatsApp Cloud API ${reason}` }));
  }
}
