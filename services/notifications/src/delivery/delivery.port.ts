import type { Channel } from '../messages/render.js';

/** What a delivery adapter is given: one rendered message to one recipient. */
export interface OutgoingMessage {
  id: string;
  channel: Channel;
  recipient: string;
  template: string;
  text: string;
  /** The template's variables and `link` (render.ts); empty for messages written before they were kept. */
  params: Record<string, string>;
}

/** What the provider answered for an accepted message. */
export interface DeliveryReceipt {
  /** The provider's id: the SMTP Message-ID, WhatsApp's wamid (its status callbacks name it). */
  providerMessageId?: string;
}

/**
 * The provider refused the message for good (an SMTP 5xx such as an unknown mailbox, WhatsApp's "not a
 * WhatsApp number" or a template it does not know): trying again cannot change it, so the message is marked
 * 'failed' at once with the provider's answer, and an operator may retry it after fixing the cause.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

/**
 * The delivery port: WhatsApp and e-mail providers plug in behind it (NOTIFICATIONS_EMAIL,
 * NOTIFICATIONS_WHATSAPP). `send` resolves once the provider accepted the message and throws when it did
 * not (the job retries; a PermanentDeliveryError is not retried). The abstract class is also the injection token.
 */
export abstract class MessageDelivery {
  abstract readonly name: string;
  abstract send(message: OutgoingMessage): Promise<DeliveryReceipt | void>;
}
