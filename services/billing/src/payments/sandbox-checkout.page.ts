import { t } from '@tuerca/contracts';
import { statusLabel, type PaymentStatus } from './payment.rules.js';

export interface CheckoutPageInput {
  reference: string;
  planTitle: string;
  typeLabel: string;
  consultations: number;
  validityDays: number;
  priceLabel: string;
  status: PaymentStatus;
  /** Where the buttons post the outcome. */
  payPath: string;
  /** The console's result page, for a payment that already ended. */
  redirectUrl: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plan titles are typed by operators: everything interpolated into the page is escaped. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The sandbox gateway's checkout page: the plan, the amount in its currency, and approve or decline. */
export function renderCheckoutPage(p: CheckoutPageInput): string {
  const actions =
    p.status === 'PENDING'
      ? `<form method="post" action="${escapeHtml(p.payPath)}">
        <input type="hidden" name="outcome" value="APPROVED">
        <button type="submit" class="approve">${escapeHtml(t('payments.approve'))}</button>
      </form>
      <form method="post" action="${escapeHtml(p.payPath)}">
        <input type="hidden" name="outcome" value="DECLINED">
        <button type="submit" class="decline">${escapeHtml(t('payments.decline'))}</button>
      </form>`
      : `<p class="done">${escapeHtml(t('payments.alreadyProcessed', { status: statusLabel(p.status) }))}</p>
      <p><a href="${escapeHtml(p.redirectUrl)}">${escapeHtml(t('payments.backToTuerca'))}</a></p>`;
  return `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(t('payments.checkoutTitle'))}</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; padding: 2rem 1rem; color: #1d2433; }
    main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
    .notice { background: #fff4d6; border-radius: 8px; padding: .5rem .75rem; font-size: .9rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
    dt { color: #5b6475; } dd { margin: 0; font-weight: 600; }
    .amount { font-size: 1.4rem; }
    form { display: inline-block; margin: 1rem .5rem 0 0; }
    button { border: 0; border-radius: 8px; padding: .7rem 1.2rem; font-size: 1rem; cursor: pointer; }
    .approve { background: #1b873f; color: #fff; } .decline { background: #c62828; color: #fff; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(t('payments.checkoutTitle'))}</h1>
    <p class="notice">${escapeHtml(t('payments.sandboxNotice'))}</p>
    <dl>
      <dt>${escapeHtml(t('payments.plan'))}</dt>
      <dd>${escapeHtml(p.planTitle)} · ${escapeHtml(p.typeLabel)}<br><small>${escapeHtml(t('payments.consultations', { amount: p.consultations, days: p.validityDays }))}</small></dd>
      <dt>${escapeHtml(t('payments.amountToPay'))}</dt>
      <dd class="amount">${escapeHtml(p.priceLabel)}</dd>
      <dt>${escapeHtml(t('payments.reference'))}</dt>
      <dd><code>${escapeHtml(p.reference)}</code></dd>
    </dl>
    ${actions}
  </main>
</body>
</html>
`;
}
