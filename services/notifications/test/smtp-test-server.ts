import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A mail that arrived: the envelope the client gave and the message as parsed. */
export interface ArrivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  mail: ParsedMail;
}

/**
 * A real SMTP server (the smtp-server package) listening on loopback for the tests: it speaks SMTP over
 * TCP to nodemailer as any mail server would, keeps what arrives (parsed with mailparser), and answers a
 * recipient with the code the test sets (e.g. 550 unknown mailbox, 451 try later).
 */
export class SmtpTestServer {
  readonly arrived: ArrivedMail[] = [];
  /** Recipient → the SMTP answer to RCPT TO (code and text), for as many times as `times` says. */
  private readonly refusals = new Map<string, { code: number; text: string; times: number }>();
  private server!: SMTPServer;
  port = 0;

  refuse(recipient: string, code: number, text: string, times = Infinity): void {
    this.refusals.set(recipient.toLowerCase(), { code, text, times });
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const refusal = this.refusals.get(address.address.toLowerCase());
        if (refusal && refusal.times > 0) {
          refusal.times -= 1;
          const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
          return callback(err);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.arrived.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              mail,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
  }

  mailTo(recipient: string): ArrivedMail[] {
    return this.arrived.filter((m) => m.envelopeTo.includes(recipient));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
