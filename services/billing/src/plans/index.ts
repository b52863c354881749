// Charging plans and trials: controllers and providers, added to BillingModule.
export const PLAN_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const PLAN_PROVIDERS: (new (...args: never[]) => unknown)[] = [];
