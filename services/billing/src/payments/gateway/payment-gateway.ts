import type { Currency } from '@tuerca/contracts';

/** Final and intermediate states of a gateway transaction (Wompi's names). */
export const GATEWAY_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

export interface CheckoutRequest {
  reference: string;
  amountInCents: number;
  currency: Currency;
  /** Where the gateway sends the person back when the payment ends. */
  redirectUrl: string;
  /** Until when it may be paid (marketplace payments); the gateway's page refuses it afterwards. */
  expiresAt?: Date | null;
  /** A payment link's token: whoever holds the URL may pay (the sandbox checks it; Wompi's page is open to anyone with it). */
  linkToken?: string | null;
}

/** The fields of the gateway's checkout form (spec 001 §4: the transaction feeds the payment gateway form). */
export interface CheckoutForm {
  reference: string;
  amountInCents: number;
  currency: Currency;
  publicKey: string;
  signature: { integrity: string };
  redirectUrl: string;
  /** The gateway page the console opens (or posts the form to). */
  checkoutUrl: string;
}

/** A gateway transaction as an authenticated event reports it. */
export interface GatewayTransaction {
  id: string;
  reference: string;
  amountInCents: number;
  currency: string;
  status: GatewayStatus;
}

/** What an incoming event turned out to be, before any payment is looked at. */
export type EventCheck =
  | { kind: 'malformed'; problems: string[] }
  | { kind: 'bad-signature' }
  /** Authentic, but not about a transaction (gateways send other kinds too); acknowledged and logged. */
  | { kind: 'ignored'; eventType: string }
  | { kind: 'transaction'; eventType: string; transaction: GatewayTransaction };

/**
 * The payment-gateway port. Billing depends on this only; each gateway is an adapter behind it.
 * Used as the Nest injection token too (an abstract class survives to run time, an interface does not).
 */
export abstract class PaymentGateway {
  abstract readonly name: string;
  /** The signed checkout form of a payment. */
  abstract checkoutForm(request: CheckoutRequest): CheckoutForm;
  /** Authenticates and reads an event the gateway sent; never throws on bad input. */
  abstract checkEvent(body: unknown): EventCheck;
  /**
   * Asks the gateway itself how the payment of this reference stands (its newest transaction), to reconcile a
   * payment whose event never arrived; null when the gateway has none. Throws when the gateway cannot be asked.
   */
  abstract findTransaction(reference: string): Promise<GatewayTransaction | null>;
}
