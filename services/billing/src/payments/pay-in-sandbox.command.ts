import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Clock, ContextDatabase, type AppConfig } from '@tuerca/platform';
import { billingConfig, type BillingConfig } from '../billing.config.js';
import { ExpireMarketplacePayment } from '../marketplace-payments/expire-marketplace-payment.command.js';
import { isPayable } from '../marketplace-payments/marketplace-payment.rules.js';
import { SandboxGateway } from './gateway/sandbox-gateway.js';
import { ReceivePaymentEvent } from './receive-payment-event.command.js';
import { sandboxPaymentFor, type SandboxViewer } from './sandbox-payment.js';

export type SandboxOutcome = 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';

/** The person's choice on the sandbox page; answers where to send them back. */
export class PayInSandbox extends Command<string> {
  constructor(
    readonly reference: string,
    readonly outcome: SandboxOutcome,
    readonly viewer: SandboxViewer,
  ) {
    super();
  }
}

/**
 * The sandbox stands in for the gateway: it signs the event the gateway would send and delivers it to the
 * same command as the webhook (POST /api/billing/payments/events), in process. Only the payment's owner or
 * a payment link's holder may press its buttons. A purchase whose time ran out is not paid: it expires
 * (the gateway's page would refuse it too) and the person goes back to the store.
 */
@CommandHandler(PayInSandbox)
export class PayInSandboxHandler implements ICommandHandler<PayInSandbox> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: SandboxGateway,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
  ) {}

  async execute({ reference, outcome, viewer }: PayInSandbox): Promise<string> {
    const p = await sandboxPaymentFor(this.db.em(), reference, viewer, this.config.PAYMENT_INTEGRITY_SECRET, this.app.PUBLIC_URL);
    const now = this.clock.now();
    if (p.purpose === 'marketplace' && p.status === 'PENDING' && !isPayable(p, now)) {
      await this.commands.execute(new ExpireMarketplacePayment(p.id));
      return p.redirectUrl;
    }
    const event = this.gateway.signedEvent(
      { reference: p.reference, amountInCents: p.amountInCents, currency: p.currency, redirectUrl: p.redirectUrl },
      outcome,
      now,
    );
    await this.commands.execute(new ReceivePaymentEvent(event));
    return p.redirectUrl;
  }
}
