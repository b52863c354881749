import type { Provider } from '@nestjs/common';
import { billingConfig, type BillingConfig } from '../../billing.config.js';
import { PaymentGateway } from './payment-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { WompiGateway } from './wompi-gateway.js';

/** PAYMENT_GATEWAY picks the adapter behind the port. */
export const gatewayProvider: Provider = {
  provide: PaymentGateway,
  inject: [billingConfig.token, SandboxGateway, WompiGateway],
  useFactory: (config: BillingConfig, sandbox: SandboxGateway, wompi: WompiGateway): PaymentGateway => {
    switch (config.PAYMENT_GATEWAY) {
      case 'sandbox':
        return sandbox;
      case 'wompi':
        return wompi;
    }
  },
};
