import { MessageDelivery, type DeliveryReceipt, type OutgoingMessage } from './delivery.port.js';

/** One adapter per channel (e.g. SMTP for e-mail, the WhatsApp Cloud API for WhatsApp). */
export class ChannelDelivery extends MessageDelivery {
  readonly name: string;

  constructor(readonly adapters: { email: MessageDelivery; whatsapp: MessageDelivery }) {
    super();
    this.name = `email:${adapters.email.name},whatsapp:${adapters.whatsapp.name}`;
  }

  send(message: OutgoingMessage): Promise<DeliveryReceipt | void> {
    return this.adapters[message.channel].send(message);
  }
}
