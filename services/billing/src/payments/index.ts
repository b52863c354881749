// Plan payments through the payment-gateway port: controllers and providers, added to BillingModule.
export const PAYMENT_CONTROLLERS: (new (...args: never[]) => unknown)[] = [];
export const PAYMENT_PROVIDERS: (new (...args: never[]) => unknown)[] = [];
