import type { Provider, Type } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@tuerca/platform';
import { CreatePaymentHandler } from './create-payment.command.js';
import { PaymentGateway } from './gateway/payment-gateway.js';
import { SandboxGateway } from './gateway/sandbox-gateway.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsReader } from './payments.reader.js';
import { ReceivePaymentEventHandler } from './receive-payment-event.command.js';
import { SandboxCheckoutController, SandboxOnlyGuard } from './sandbox-checkout.controller.js';

/** PAYMENT_GATEWAY picks the adapter behind the port; 'sandbox' is the only one so far. */
const gatewayProvider: Provider = {
  provide: PaymentGateway,
  inject: [APP_CONFIG, SandboxGateway],
  useFactory: (config: AppConfig, sandbox: SandboxGateway): PaymentGateway => {
    switch (config.PAYMENT_GATEWAY) {
      case 'sandbox':
        return sandbox;
    }
  },
};

// Plan payments through the payment-gateway port: controllers and providers, added to BillingModule.
export const PAYMENT_CONTROLLERS: Type<unknown>[] = [PaymentsController, SandboxCheckoutController];
export const PAYMENT_PROVIDERS: Provider[] = [
  SandboxGateway,
  gatewayProvider,
  SandboxOnlyGuard,
  PaymentsReader,
  CreatePaymentHandler,
  ReceivePaymentEventHandler,
];
export { paymentRoutes } from './payments.routes.js';
export { PaymentGateway } from './gateway/payment-gateway.js';
