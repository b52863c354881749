import type { Logger } from '@tuerca/platform';
import { MessageDelivery, type OutgoingMessage } from './delivery.port.js';

/**
 * The built-in adapter (NOTIFICATIONS_DELIVERY=log): writes each message to the log, and that counts as
 * sent. Used until real WhatsApp / e-mail providers are wired in; `simulateOutage` makes it fail (tests
 * and demos of the retry and 'failed' path).
 */
export class LogDelivery extends MessageDelivery {
  readonly name = 'log';
  private outage = false;

  constructor(private readonly logger: Logger) {
    super();
  }

  simulateOutage(on: boolean): void {
    this.outage = on;
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (this.outage) throw new Error('simulated delivery outage');
    this.logger.info(
      { notification: message.id, channel: message.channel, to: message.recipient, template: message.template, text: message.text },
      'notification delivered (log adapter)',
    );
  }
}
