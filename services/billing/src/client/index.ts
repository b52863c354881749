/** Billing's published client (`@tuerca/billing/client`), for the composition root only: billing's ports over HTTP. */
export { BillingClientModule } from './billing-client.module.js';
export { billingClientConfig, type BillingClientConfig } from './billing-client.config.js';
export { HttpMetering, type HttpMeteringOptions } from './http-metering.js';
