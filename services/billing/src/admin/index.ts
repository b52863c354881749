import type { Provider, Type } from '@nestjs/common';
import {
  AdminAppParametersController,
  AdminBillingMetricsController,
  AdminChargingPlansController,
  AdminConsultationBalancesController,
} from './admin-billing.controllers.js';
import { AdminBillingReader } from './admin-billing.reader.js';

// The operator console's billing resources under /admin-api, added to BillingModule.
export const ADMIN_CONTROLLERS: Type<unknown>[] = [
  AdminChargingPlansController,
  AdminAppParametersController,
  AdminConsultationBalancesController,
  AdminBillingMetricsController,
];
export const ADMIN_PROVIDERS: Provider[] = [AdminBillingReader];
export { adminBillingRoutes } from './admin.routes.js';
