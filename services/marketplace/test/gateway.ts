import { createHash } from 'node:crypto';
import type { TransactionView } from '@tuerca/contracts';
import { billingConfig, type BillingConfig } from '@tuerca/billing';
import { TestClient, type TestHttpApp } from '@tuerca/platform/testing';

/**
 * The payment gateway as a buyer and as the gateway itself meet it in tests: billing's sandbox page (the
 * buyer presses 'Aprobar pago' or 'Rechazar pago') and the gateway's signed events to billing's webhook,
 * signed here from Wompi's documented scheme (SHA-256 of the listed properties, the timestamp and the
 * events secret), independently of the code under test.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The buyer (or a payment link's holder) presses a button of the sandbox checkout of the transaction's payment. */
export async function sandboxPay(
  client: TestClient,
  tx: Pick<TransactionView, 'payment'>,
  outcome: 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR',
) {
  const payment = tx.payment!;
  const token = new URL(payment.checkoutUrl).searchParams.get('token') ?? undefined;
  return client.post(`/api/billing/sandbox/checkout/${payment.reference}/pay`, { outcome, ...(token ? { token } : {}) });
}

/** The gateway's transaction.updated event for a payment reference, as Wompi signs it. */
export function gatewayEvent(t: TestHttpApp, reference: string, status: string, amountInCents: number, id: string, currency = 'COP') {
  const secret = t.app.get<BillingConfig>(billingConfig.token).PAYMENT_EVENTS_SECRET;
  const transaction = { id, reference, amount_in_cents: amountInCents, currency, status, payment_method_type: 'CARD' };
  const timestamp = Math.floor(Date.now() / 1000);
  const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
  const checksum = sha256(`${id}${status}${amountInCents}${timestamp}${secret}`);
  return { event: 'transaction.updated', data: { transaction }, environment: 'test', signature: { properties, checksum }, timestamp };
}

/** Delivers a gateway event to billing's webhook, as the gateway does (and retries). */
export function deliverGatewayEvent(t: TestHttpApp, body: unknown) {
  return new TestClient(t.url).post('/api/billing/payments/events', body);
}
