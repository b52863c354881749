import nodemailer, { type Transporter } from 'nodemailer';
import { t } from '@tuerca/contracts';
import { MessageDelivery, PermanentDeliveryError, type DeliveryReceipt, type OutgoingMessage } from './delivery.port.js';
import { renderEmail } from './email-template.js';

export interface SmtpOptions {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  /** The sender of this environment, e.g. `Tuerca <no-responder@tuerca.co>`. */
  from: string;
  /** Message-ID domain: the message's own id makes the Message-ID, so a resend after a crash is recognisable. */
  messageIdDomain: string;
}

/** An SMTP reply code in nodemailer's errors (`responseCode`), when the server answered one. */
function responseCodeOf(err: unknown): number | null {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' ? code : null;
}

/**
 * E-mail through SMTP (NOTIFICATIONS_EMAIL=smtp, nodemailer). A 5xx answer (unknown mailbox, refused
 * sender, message refused) is a bounce at the door: PermanentDeliveryError with the server's words, the
 * message 'failed' at once. Connection trouble and 4xx (greylisting, mailbox busy) are thrown as they are,
 * so the job retries with backoff. Bounces that arrive later as a delivery report (DSN) to the sender's
 * mailbox are not read back.
 */
export class SmtpDelivery extends MessageDelivery {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpOptions) {
    super();
    this.transport = nodemailer.createTransport(options.url, { from: options.from });
  }

  async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
    const email = renderEmail(message);
    const messageId = `<${message.id}@${this.options.messageIdDomain}>`;
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        to: message.recipient,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId,
        headers: { 'X-Tuerca-Template': message.template },
      });
      if ((info.rejected ?? []).length > 0)
        throw new PermanentDeliveryError(t('notifications.bounced', { reason: info.response ?? 'rejected' }));
      return { providerMessageId: info.messageId || messageId };
    } catch (err) {
      const code = responseCodeOf(err);
      if (code !== null && code >= 500 && code < 600)
        throw new PermanentDeliveryError(t('notifications.bounced', { reason: String((err as { response?: string }).response ?? code) }));
      throw err;
    }
  }

  close(): void {
    this.transport.close();
  }
}
