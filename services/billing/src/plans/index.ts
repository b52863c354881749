import type { Provider, Type } from '@nestjs/common';
import { CreateChargingPlanHandler, DeleteChargingPlanHandler, UpdateChargingPlanHandler } from './charging-plan.commands.js';
import { ChargingPlansController } from './charging-plans.controller.js';
import { ChargingPlansReader } from './charging-plans.reader.js';
import { RequestTrialHandler } from './request-trial.command.js';

// Charging plans and trials: controllers and providers, added to BillingModule.
export const PLAN_CONTROLLERS: Type<unknown>[] = [ChargingPlansController];
export const PLAN_PROVIDERS: Provider[] = [
  ChargingPlansReader,
  CreateChargingPlanHandler,
  UpdateChargingPlanHandler,
  DeleteChargingPlanHandler,
  RequestTrialHandler,
];
export { planRoutes } from './plans.routes.js';
