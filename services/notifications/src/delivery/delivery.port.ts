import type { Channel } from '../messages/render.js';

/** What a delivery adapter is given: one rendered message to one recipient. */
export interface OutgoingMessage {
  id: string;
  channel: Channel;
  recipient: string;
  template: string;
  text: string;
}

/**
 * The delivery port: WhatsApp and e-mail providers plug in behind it (NOTIFICATIONS_DELIVERY). `send`
 * resolves once the provider accepted the message and throws when it did not (the job retries).
 * The abstract class is also the injection token.
 */
export abstract class MessageDelivery {
  abstract readonly name: string;
  abstract send(message: OutgoingMessage): Promise<void>;
}
