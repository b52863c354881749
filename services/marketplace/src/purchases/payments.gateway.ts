import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  MARKETPLACE_PAYMENTS_PORT,
  marketplacePaymentSchema,
  marketplacePaymentsRoutes,
  t,
  type MarketplacePayment,
  type MarketplacePaymentRequest,
  type MarketplacePayments,
} from '@tuerca/contracts';
import { APP_CONFIG, DomainError, LocalPorts, type AppConfig } from '@tuerca/platform';
import { marketplaceConfig, type MarketplaceConfig } from '../marketplace.config.js';

/** Billing could not be reached or refused the request: the transaction stays pending and can be paid later. */
export class PaymentsUnavailableError extends DomainError {
  constructor(detail: string) {
    super(503, ErrorCodes.SERVICE_UNAVAILABLE, [t('checkout.paymentUnavailable')]);
    this.message = `payments unavailable: ${detail}`;
  }
}

/**
 * The marketplace's side of billing's MarketplacePayments port (contracts/src/billing/marketplace-payments.ts):
 * billing's implementation in this process when billing runs here (LocalPorts), else billing's internal route
 * over HTTP (BILLING_URL, x-internal-token). Billing makes one payment per transaction, so asking again
 * answers the same open payment.
 */
@Injectable()
export class PaymentsGateway {
  constructor(
    private readonly ports: LocalPorts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(marketplaceConfig.token) private readonly own: MarketplaceConfig,
  ) {}

  async request(input: MarketplacePaymentRequest): Promise<MarketplacePayment> {
    const local = this.ports.get<MarketplacePayments>(MARKETPLACE_PAYMENTS_PORT);
    if (local) return local.request(input);
    if (!this.own.BILLING_URL) throw new PaymentsUnavailableError('billing runs neither here nor at BILLING_URL');
    const route = marketplacePaymentsRoutes.request;
    let res: Response;
    try {
      res = await fetch(`${this.own.BILLING_URL.replace(/\/$/, '')}${route.path}`, {
        method: route.method,
        headers: { 'content-type': 'application/json', 'x-internal-token': this.config.INTERNAL_TOKEN },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(5000),
      });
    } catch (err) {
      throw new PaymentsUnavailableError((err as Error).message);
    }
    if (res.status !== 200) throw new PaymentsUnavailableError(`billing answered ${res.status}`);
    const parsed = route.response.safeParse(await res.json());
    if (!parsed.success) throw new PaymentsUnavailableError('billing answered outside its contract');
    return marketplacePaymentSchema.parse(parsed.data.data);
  }
}
