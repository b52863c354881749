import { Inject, Injectable, type CanActivate } from '@nestjs/common';
import { APP_CONFIG, NotFoundError, type AppConfig } from '@tuerca/platform';
import { billingConfig, type BillingConfig } from '../billing.config.js';

/** The sandbox checkout does not exist in production nor behind a real gateway: 404 before anything else is looked at. */
@Injectable()
export class SandboxOnlyGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
  ) {}

  canActivate(): boolean {
    if (this.app.NODE_ENV === 'production' || this.config.PAYMENT_GATEWAY !== 'sandbox') throw new NotFoundError();
    return true;
  }
}
