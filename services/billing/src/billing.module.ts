import { Module, type OnModuleInit } from '@nestjs/common';
import { ApiRoutes, ContextDatabaseModule, MeteringClient } from '@tuerca/platform';
import { billingRoutes } from './billing.routes.js';
import { billingDatabase } from './billing.database.js';
import { BalancesService } from './balances/balances.service.js';
import { ConsultationsController } from './counters/consultations.controller.js';
import { QuotaCountersProjection } from './counters/quota-counters.projection.js';
import { InternalMeteringController } from './metering/internal-metering.controller.js';
import { MeteringService } from './metering/metering.service.js';
import { AppParametersController } from './parameters/app-parameters.controller.js';
import { AppParametersService } from './parameters/app-parameters.service.js';
import { PLAN_CONTROLLERS, PLAN_PROVIDERS, planRoutes } from './plans/index.js';
import { PAYMENT_CONTROLLERS, PAYMENT_PROVIDERS, paymentRoutes } from './payments/index.js';
import { ADMIN_CONTROLLERS, ADMIN_PROVIDERS, adminBillingRoutes } from './admin/index.js';

/** Billing: app parameters, metered consultations, charging plans, trials, plan payments and expiry. */
@Module({
  imports: [ContextDatabaseModule.forContext(billingDatabase)],
  controllers: [
    AppParametersController,
    ConsultationsController,
    InternalMeteringController,
    ...PLAN_CONTROLLERS,
    ...PAYMENT_CONTROLLERS,
    ...ADMIN_CONTROLLERS,
  ],
  providers: [
    AppParametersService,
    MeteringService,
    BalancesService,
    QuotaCountersProjection,
    ...PLAN_PROVIDERS,
    ...PAYMENT_PROVIDERS,
    ...ADMIN_PROVIDERS,
  ],
  exports: [MeteringService, AppParametersService, BalancesService],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly metering: MeteringService,
    private readonly client: MeteringClient,
    private readonly routes: ApiRoutes,
  ) {}

  onModuleInit(): void {
    // Contexts in this process meter through billing directly.
    this.client.useLocal(this.metering);
    this.routes.register(...billingRoutes, ...planRoutes, ...paymentRoutes, ...adminBillingRoutes);
  }
}
