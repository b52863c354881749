import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, transactionTypeLabel } from '@tuerca/contracts';
import { APP_CONFIG, Clock, ContextDatabase, type AppConfig } from '@tuerca/platform';
import { billingConfig, type BillingConfig } from '../billing.config.js';
import { isPayable } from '../marketplace-payments/marketplace-payment.rules.js';
import { formatPrice } from '../plans/charging-plan.rules.js';
import { bogotaDateTime } from './payment.rules.js';
import { renderCheckoutPage } from './sandbox-checkout.page.js';
import { sandboxPaymentFor, type SandboxViewer } from './sandbox-payment.js';

/** The sandbox gateway's checkout page of a payment (HTML, Spanish), for whoever may pay it. */
export class GetSandboxCheckout extends Query<string> {
  constructor(
    readonly reference: string,
    readonly viewer: SandboxViewer,
  ) {
    super();
  }
}

@QueryHandler(GetSandboxCheckout)
export class GetSandboxCheckoutHandler implements IQueryHandler<GetSandboxCheckout> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
  ) {}

  async execute({ reference, viewer }: GetSandboxCheckout): Promise<string> {
    const p = await sandboxPaymentFor(this.db.em(), reference, viewer, this.config.PAYMENT_INTEGRITY_SECRET, this.app.PUBLIC_URL);
    const now = this.clock.now();
    // Reads check the clock: an unpaid purchase whose time ran out shows as expired before the job runs.
    const status = p.status === 'PENDING' && !isPayable(p, now) ? 'EXPIRED' : p.status;
    const priceLabel = formatPrice(p.amountInCents / 100, p.currency);
    const common = {
      reference: p.reference,
      priceLabel,
      status,
      payPath: `/api/billing/sandbox/checkout/${encodeURIComponent(p.reference)}/pay`,
      token: viewer.token && p.purpose === 'marketplace' ? viewer.token : null,
      redirectUrl: p.redirectUrl,
    };
    if (p.purpose === 'plan')
      return renderCheckoutPage({
        ...common,
        title: t('payments.checkoutTitle'),
        lines: [
          {
            label: t('payments.plan'),
            value: `${p.planTitle} · ${transactionTypeLabel(p.type!)}`,
            note: t('payments.consultations', { amount: p.consultations!, days: p.validityDays! }),
          },
        ],
      });
    return renderCheckoutPage({
      ...common,
      title: t('payments.purchaseTitle'),
      lines: [
        { label: t('payments.store'), value: p.storeName! },
        { label: t('payments.saleReference'), value: p.refVenta! },
      ],
      deadline: p.expiresAt ? t('payments.payBefore', { date: bogotaDateTime(p.expiresAt) }) : null,
    });
  }
}
