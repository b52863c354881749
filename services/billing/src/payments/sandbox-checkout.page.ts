import { t } from '@tuerca/contracts';
import { statusLabel, type PaymentStatus } from './payment.rules.js';

/** One line of what is paid: a label and its value, with an optional note under the value. */
export interface CheckoutLine {
  label: string;
  value: string;
  note?: string;
}

export interface CheckoutPageInput {
  title: string;
  reference: string;
  /** What is bought: the plan, or the store and the sale reference. */
  lines: CheckoutLine[];
  priceLabel: string;
  status: PaymentStatus;
  /** Under the buttons: until when it may be paid. */
  deadline?: string | null;
  /** Where the buttons post the outcome. */
  payPath: string;
  /** A payment link's token, posted back with the outcome. */
  token?: string | null;
  /** Where to go back once the payment ended. */
  redirectUrl: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plan titles and store names are typed by people: everything interpolated into the page is escaped. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function button(p: CheckoutPageInput, outcome: 'APPROVED' | 'DECLINED', css: string, label: string): string {
  const token = p.token ? `\n        <input type="hidden" name="token" value="${escapeHtml(p.token)}">` : '';
  return `<form method="post" action="${escapeHtml(p.payPath)}">
        <input type="hidden" name="outcome" value="${outcome}">${token}
        <button type="submit" class="${css}">${escapeHtml(label)}</button>
      </form>`;
}

/** The sandbox gateway's checkout page: what is paid, the amount in its currency, and approve or decline. */
export function renderCheckoutPage(p: CheckoutPageInput): string {
  const ended =
    p.status === 'EXPIRED'
      ? `<p class="done">${escapeHtml(t('payments.expiredDetail'))}</p>`
      : `<p class="done">${escapeHtml(t('payments.alreadyProcessed', { status: statusLabel(p.status) }))}</p>`;
  const actions =
    p.status === 'PENDING'
      ? `${button(p, 'APPROVED', 'approve', t('payments.approve'))}
      ${button(p, 'DECLINED', 'decline', t('payments.decline'))}
      ${p.deadline ? `<p class="deadline">${escapeHtml(p.deadline)}</p>` : ''}`
      : `${ended}
      <p><a href="${escapeHtml(p.redirectUrl)}">${escapeHtml(t('payments.backToTuerca'))}</a></p>`;
  const lines = p.lines
    .map(
      (l) =>
        `<dt>${escapeHtml(l.label)}</dt>
      <dd>${escapeHtml(l.value)}${l.note ? `<br><small>${escapeHtml(l.note)}</small>` : ''}</dd>`,
    )
    .join('\n      ');
  return `<!doctype html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(p.title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; padding: 2rem 1rem; color: #1d2433; }
    main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
    h1 { font-size: 1.4rem; margin-top: 0; }
    .notice { background: #fff4d6; border-radius: 8px; padding: .5rem .75rem; font-size: .9rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
    dt { color: #5b6475; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
    .amount { font-size: 1.4rem; }
    form { display: inline-block; margin: 1rem .5rem 0 0; }
    button { border: 0; border-radius: 8px; padding: .7rem 1.2rem; font-size: 1rem; cursor: pointer; min-height: 44px; }
    .approve { background: #1b873f; color: #fff; } .decline { background: #c62828; color: #fff; }
    .deadline { color: #5b6475; font-size: .9rem; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(p.title)}</h1>
    <p class="notice">${escapeHtml(t('payments.sandboxNotice'))}</p>
    <dl>
      ${lines}
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
