import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { MARKETPLACE_PAYMENTS_PORT, METERING_PORT } from '@tuerca/contracts';
import { ContextDatabaseModule, LocalPorts, contextConfigProvider, InternalOnlyGuard } from '@tuerca/platform';
import { billingConfig } from './billing.config.js';
import { billingDatabase } from './billing.database.js';
import {
  AdminBillingMetricsController,
  AdminAppParametersController,
  AdminChargingPlansController,
  AdminConsultationBalancesController,
} from './admin/admin-billing.controllers.js';
import { GetAdminBalanceHandler, ListAdminBalancesHandler } from './admin/admin-balances.query.js';
import { GetAdminParameterHandler, ListAdminParametersHandler } from './admin/admin-parameters.query.js';
import { GetAdminPlanHandler, ListAdminPlansHandler } from './admin/admin-plans.query.js';
import { GetBillingMetricHandler, ListBillingMetricsHandler } from './admin/billing-metrics.query.js';
import { CreditManuallyHandler } from './admin/credit-manually.command.js';
import { ExpireBalanceHandler } from './balances/expire-balance.command.js';
import { RemindBalanceHandler } from './balances/remind-balance.command.js';
import { ConsultationsController } from './counters/consultations.controller.js';
import { DutyScheduler } from './duties/duty-scheduler.js';
import { ExpireMarketplacePaymentHandler } from './marketplace-payments/expire-marketplace-payment.command.js';
import { InternalMarketplacePaymentsController } from './marketplace-payments/internal-marketplace-payments.controller.js';
import { LocalMarketplacePayments } from './marketplace-payments/local-marketplace-payments.js';
import { RequestMarketplacePaymentHandler } from './marketplace-payments/request-marketplace-payment.command.js';
import { WebhookBodyLimit } from './payments/webhook-body-limit.js';
import { CountConsultationHandler } from './counters/count-consultation.command.js';
import { GetConsultationCountersHandler } from './counters/get-consultation-counters.query.js';
import { QuotaCountersConsumer } from './counters/quota-counters.consumer.js';
import { AuthorizeLookupHandler } from './metering/authorize-lookup.query.js';
import { ConsumeConsultationHandler } from './metering/consume-consultation.command.js';
import { GetMeterStatusHandler } from './metering/get-meter-status.query.js';
import { InternalMeteringController } from './metering/internal-metering.controller.js';
import { LocalMetering } from './metering/local-metering.js';
import { RefundConsultationHandler } from './metering/refund-consultation.command.js';
import { AppParametersController } from './parameters/app-parameters.controller.js';
import { AppParametersService } from './parameters/app-parameters.service.js';
import { GetAppParametersHandler } from './parameters/get-app-parameters.query.js';
import { GetParameterHistoryHandler } from './parameters/get-parameter-history.query.js';
import { SetAppParameterHandler } from './parameters/set-app-parameter.command.js';
import { CreatePlanPaymentHandler } from './payments/create-payment.command.js';
import { gatewayProvider } from './payments/gateway/gateway.provider.js';
import { SandboxGateway } from './payments/gateway/sandbox-gateway.js';
import { WompiGateway } from './payments/gateway/wompi-gateway.js';
import { PaymentReconciler, ReconcilePendingPaymentsHandler } from './payments/reconcile-payments.command.js';
import { GetPlanPaymentHandler } from './payments/get-payment.query.js';
import { PayInSandboxHandler } from './payments/pay-in-sandbox.command.js';
import { PaymentsController, SandboxCheckoutController } from './payments/payments.controller.js';
import { ReceivePaymentEventHandler } from './payments/receive-payment-event.command.js';
import { GetSandboxCheckoutHandler } from './payments/sandbox-checkout.query.js';
import { SandboxOnlyGuard } from './payments/sandbox-only.guard.js';
import { ChargingPlansController } from './plans/charging-plans.controller.js';
import { CreateChargingPlanHandler } from './plans/create-charging-plan.command.js';
import { DeleteChargingPlanHandler } from './plans/delete-charging-plan.command.js';
import { GetActivePlansHandler } from './plans/get-active-plans.query.js';
import { GetFreePublicationsHandler, GetTransactionTypesHandler } from './plans/get-plan-catalogue.query.js';
import { ListChargingPlansHandler } from './plans/list-charging-plans.query.js';
import { RequestTrialHandler } from './plans/request-trial.command.js';
import { UpdateChargingPlanHandler } from './plans/update-charging-plan.command.js';

/**
 * Billing: app parameters, metered consultations, charging plans, trials, payments, balances and their expiry.
 * Global for one export: the Metering port (METERING_PORT), served in memory to the contexts of this process.
 */
@Global()
@Module({
  imports: [ContextDatabaseModule.forContext(billingDatabase)],
  controllers: [
    AppParametersController,
    ConsultationsController,
    InternalMeteringController,
    ChargingPlansController,
    PaymentsController,
    SandboxCheckoutController,
    InternalMarketplacePaymentsController,
    AdminChargingPlansController,
    AdminAppParametersController,
    AdminConsultationBalancesController,
    AdminBillingMetricsController,
  ],
  providers: [
    contextConfigProvider(billingConfig),
    AppParametersService,
    // parameters
    GetAppParametersHandler,
    GetParameterHistoryHandler,
    SetAppParameterHandler,
    // metering
    LocalMetering,
    // The port other contexts inject (contracts/src/billing/metering.ts); in another process the app binds billing's HTTP client.
    { provide: METERING_PORT, useExisting: LocalMetering },
    InternalOnlyGuard,
    GetMeterStatusHandler,
    AuthorizeLookupHandler,
    ConsumeConsultationHandler,
    RefundConsultationHandler,
    // counters
    QuotaCountersConsumer,
    CountConsultationHandler,
    GetConsultationCountersHandler,
    // balances
    ExpireBalanceHandler,
    RemindBalanceHandler,
    // plans
    ListChargingPlansHandler,
    GetActivePlansHandler,
    GetTransactionTypesHandler,
    GetFreePublicationsHandler,
    CreateChargingPlanHandler,
    UpdateChargingPlanHandler,
    DeleteChargingPlanHandler,
    RequestTrialHandler,
    // payments
    SandboxGateway,
    WompiGateway,
    ReconcilePendingPaymentsHandler,
    PaymentReconciler,
    gatewayProvider,
    SandboxOnlyGuard,
    CreatePlanPaymentHandler,
    GetPlanPaymentHandler,
    ReceivePaymentEventHandler,
    GetSandboxCheckoutHandler,
    PayInSandboxHandler,
    WebhookBodyLimit,
    // marketplace payments
    LocalMarketplacePayments,
    RequestMarketplacePaymentHandler,
    ExpireMarketplacePaymentHandler,
    // time-based duties
    DutyScheduler,
    // operator console
    ListAdminPlansHandler,
    GetAdminPlanHandler,
    ListAdminParametersHandler,
    GetAdminParameterHandler,
    ListAdminBalancesHandler,
    GetAdminBalanceHandler,
    CreditManuallyHandler,
    ListBillingMetricsHandler,
    GetBillingMetricHandler,
  ],
  exports: [METERING_PORT],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly ports: LocalPorts,
    private readonly marketplacePayments: LocalMarketplacePayments,
  ) {}

  onModuleInit(): void {
    // Contexts in this process ask for payments through billing directly.
    this.ports.provide(MARKETPLACE_PAYMENTS_PORT, this.marketplacePayments);
  }
}
