import { Global, Module, type DynamicModule } from '@nestjs/common';
import { METERING_PORT } from '@tuerca/contracts';
import { APP_CONFIG, contextConfigProvider, type AppConfig } from '@tuerca/platform';
import { billingClientConfig, type BillingClientConfig } from './billing-client.config.js';
import { HttpMetering } from './http-metering.js';

/**
 * Billing as seen from a process that does not run it: the Metering port (METERING_PORT) bound to billing's
 * internal routes over HTTP (BILLING_URL, x-internal-token, INTERNAL_CALL_TIMEOUT_MS). Only the composition
 * root imports it (dependency-cruiser: `only-the-app-imports-billing-client`); contexts inject the port.
 */
@Global()
@Module({})
export class BillingClientModule {
  static forRoot(): DynamicModule {
    return {
      module: BillingClientModule,
      providers: [
        contextConfigProvider(billingClientConfig),
        {
          provide: METERING_PORT,
          inject: [APP_CONFIG, billingClientConfig.token],
          useFactory: (app: AppConfig, client: BillingClientConfig) =>
            new HttpMetering({ baseUrl: client.BILLING_URL, token: app.INTERNAL_TOKEN, timeoutMs: app.INTERNAL_CALL_TIMEOUT_MS }),
        },
      ],
      exports: [METERING_PORT],
    };
  }
}
