import {
  chargingPlanTabKey,
  t,
  type EventEnvelope,
  type PayloadOf,
  PlanPurchased,
  QuoteRequested,
  SellerResponded,
} from '@tuerca/contracts';

export type Channel = 'whatsapp' | 'email';

/** One message to write: what the projection stores for an event (a null recipient is stored as 'skipped'). */
export interface DraftMessage {
  channel: Channel;
  recipient: string | null;
  template: string;
  text: string;
  /** Why there is no recipient (Spanish, for operators), when recipient is null. */
  skipReason: string | null;
  storeId: string | null;
  userId: string | null;
  quotationId: string | null;
}

const BOGOTA = 'America/Bogota';

/** `DD/MM/YYYY HH:mm` in Bogotá time (UTC−5 all year; Intl keeps it right if that ever changes). */
export function formatBogota(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${String(at)}`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: BOGOTA,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A phone number as a WhatsApp recipient (digits with a leading +), or null when there is none. */
export function whatsappRecipient(mobile: string | null | undefined): string | null {
  const trimmed = (mobile ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** QuoteRequested → WhatsApp to the store: someone asks to confirm stock of {title} ref {reference}, quantity {quantity}. */
export function renderQuoteRequested(event: EventEnvelope<PayloadOf<typeof QuoteRequested>>): DraftMessage[] {
  const p = event.payload;
  const recipient = whatsappRecipient(p.storeMobile);
  const customer = p.customerName?.trim() || t('notifications.someone');
  return [
    {
      channel: 'whatsapp',
      recipient,
      template: 'quote-requested',
      text: t('notifications.quoteRequested', { customer, title: p.title, reference: p.reference, quantity: p.quantity }),
      skipReason: recipient ? null : t('notifications.noStoreMobile'),
      storeId: p.storeId,
      userId: p.userId,
      quotationId: p.quotationId,
    },
  ];
}

/** SellerResponded → WhatsApp to the person: available (purchase open until windowExpiresAt, Bogotá time) or not. */
export function renderSellerResponded(event: EventEnvelope<PayloadOf<typeof SellerResponded>>): DraftMessage[] {
  const p = event.payload;
  const recipient = whatsappRecipient(p.customerMobile);
  const params = { store: p.storeName, title: p.title, reference: p.reference };
  let template: string;
  let text: string;
  if (!p.available) {
    template = 'seller-not-available';
    text = t('notifications.sellerNotAvailable', params);
  } else if (p.windowExpiresAt) {
    template = 'seller-available';
    text = t('notifications.sellerAvailable', { ...params, until: formatBogota(p.windowExpiresAt) });
  } else {
    template = 'seller-available';
    text = t('notifications.sellerAvailableNoWindow', params);
  }
  return [
    {
      channel: 'whatsapp',
      recipient,
      template,
      text,
      skipReason: recipient ? null : t('notifications.noCustomerMobile'),
      storeId: p.storeId,
      userId: p.userId,
      quotationId: p.quotationId,
    },
  ];
}

/**
 * PlanPurchased → e-mail confirmation. The event names the person only by id (no e-mail, no mobile), so the
 * message is rendered and stored as 'skipped' until the payload (or a recipients read model) gives one.
 */
export function renderPlanPurchased(event: EventEnvelope<PayloadOf<typeof PlanPurchased>>): DraftMessage[] {
  const p = event.payload;
  const tab = chargingPlanTabKey(p.type);
  return [
    {
      channel: 'email',
      recipient: null,
      template: 'plan-purchased',
      text: t('notifications.planPurchased', { reference: p.reference, amount: p.amount, plan: tab ? t(tab) : p.type }),
      skipReason: t('notifications.noRecipientInEvent'),
      storeId: null,
      userId: p.userId,
      quotationId: null,
    },
  ];
}
