import {
  ActivityReminderDue,
  SellerInvited,
  cancelReasonText,
  chargingPlanTabKey,
  type EventEnvelope,
  formatCents,
  type PayloadOf,
  PlanPurchased,
  PurchaseCancelled,
  OrderConfirmedBySeller,
  OrderRejectedBySeller,
  PurchasePaid,
  PurchasePlaced,
  QuoteRequested,
  QuestionAnswered,
  QuestionAsked,
  answerText,
  PartsQuoteAnswered,
  PartsQuoteRequested,
  RegistrationOnExistingAccount,
  RegistrationRequested,
  SellerResponded,
  StoreRatingRequested,
  t,
  unitsText,
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
  /**
   * The template's variables by name (store and product names, references, amounts) and `link`, the page of
   * the console the message leads back to: the e-mail's subject, body and button and the WhatsApp template's
   * parameters are built from them, while `text` keeps the whole message as read back by operators. Absent:
   * the e-mail has the generic subject and no button, WhatsApp sends the generic notice with the whole text.
   */
  params?: MessageParams;
}

export type MessageParams = Record<string, string>;

/** What rendering needs beyond the event: where the consoles are (PUBLIC_URL), for the links back. */
export interface RenderContext {
  publicUrl: string;
}

const DEFAULT_CONTEXT: RenderContext = { publicUrl: 'http://localhost:8080' };
const base = (ctx: RenderContext) => ctx.publicUrl.replace(/\/+$/, '');
/** The console pages messages lead back to. */
export const links = {
  /** The operator console's quotation (sellers answer there). */
  adminQuotation: (ctx: RenderContext, id: string) => `${base(ctx)}/admin/#/quotations/${encodeURIComponent(id)}/show`,
  /** The operator console's quotation request (sellers answer there). */
  adminQuoteRequest: (ctx: RenderContext, id: string) => `${base(ctx)}/admin/#/quote-requests/${encodeURIComponent(id)}/show`,
  /** The customer console's quotations page. */
  quotations: (ctx: RenderContext) => `${base(ctx)}/home/page/cotizacion`,
  cart: (ctx: RenderContext) => `${base(ctx)}/cart/page/index/cart`,
  home: (ctx: RenderContext) => `${base(ctx)}/`,
  adminPurchases: (ctx: RenderContext) => `${base(ctx)}/admin/`,
  /** The operator console's product question (sellers answer there). */
  adminQuestion: (ctx: RenderContext, id: string) => `${base(ctx)}/admin/#/product-questions/${encodeURIComponent(id)}/show`,
  /** The customer console's questions page. */
  questions: (ctx: RenderContext) => `${base(ctx)}/users/page/preguntas`,
  /** The customer console's 'Mis compras', where an order confirmed by its seller is paid. */
  purchases: (ctx: RenderContext) => `${base(ctx)}/compras`,
};

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
export function renderQuoteRequested(event: EventEnvelope<PayloadOf<typeof QuoteRequested>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
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
      params: {
        customer,
        title: p.title,
        reference: p.reference,
        quantity: String(p.quantity),
        quotationId: p.quotationId,
        link: links.adminQuotation(ctx, p.quotationId),
      },
    },
  ];
}

/** PartsQuoteRequested → WhatsApp to each store a quotation request reached: who, which vehicle, which parts. */
export function renderPartsQuoteRequested(
  event: EventEnvelope<PayloadOf<typeof PartsQuoteRequested>>,
  ctx = DEFAULT_CONTEXT,
): DraftMessage[] {
  const p = event.payload;
  const recipient = whatsappRecipient(p.storeMobile);
  const customer = p.customerName?.trim() || t('notifications.someone');
  const list = p.parts.map((part) => `${part.amount} × ${part.name}${part.reference ? ` (ref. ${part.reference})` : ''}`).join('; ');
  const parts = t('quoteRequests.partsCount', { count: p.parts.length });
  const link = links.adminQuoteRequest(ctx, p.assignmentId);
  return [
    {
      channel: 'whatsapp',
      recipient,
      template: 'parts-quote-requested',
      text: t('notifications.partsQuoteRequested', { customer, parts, vehicle: p.vehicle, city: p.city, list, url: link }),
      skipReason: recipient ? null : t('notifications.noStoreMobile'),
      storeId: p.storeId,
      userId: p.userId,
      quotationId: null,
      params: { customer, vehicle: p.vehicle, city: p.city, list, link },
    },
  ];
}

/** PartsQuoteAnswered → WhatsApp to the requester: which store answered, how many parts it has. */
export function renderPartsQuoteAnswered(
  event: EventEnvelope<PayloadOf<typeof PartsQuoteAnswered>>,
  ctx = DEFAULT_CONTEXT,
): DraftMessage[] {
  const p = event.payload;
  const recipient = whatsappRecipient(p.customerMobile);
  const link = links.quotations(ctx);
  return [
    {
      channel: 'whatsapp',
      recipient,
      template: 'parts-quote-answered',
      text: t('notifications.partsQuoteAnswered', {
        store: p.storeName,
        vehicle: p.vehicle,
        available: p.available,
        parts: t('quoteRequests.partsCount', { count: p.parts }),
        url: link,
      }),
      skipReason: recipient ? null : t('notifications.noCustomerMobile'),
      storeId: p.storeId,
      userId: p.userId,
      quotationId: null,
      params: { store: p.storeName, vehicle: p.vehicle, link },
    },
  ];
}

/** SellerResponded → WhatsApp to the person: available (purchase open until windowExpiresAt, Bogotá time) or not. */
export function renderSellerResponded(event: EventEnvelope<PayloadOf<typeof SellerResponded>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
  const p = event.payload;
  const recipient = whatsappRecipient(p.customerMobile);
  const params = { store: p.storeName, title: p.title, reference: p.reference };
  let template: string;
  let text: string;
  let until: string | null = null;
  if (!p.available) {
    template = 'seller-not-available';
    text = t('notifications.sellerNotAvailable', params);
  } else if (p.windowExpiresAt) {
    template = 'seller-available';
    until = formatBogota(p.windowExpiresAt);
    text = t('notifications.sellerAvailable', { ...params, until });
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
      params: { ...params, ...(until ? { until } : {}), link: links.quotations(ctx) },
    },
  ];
}

/**
 * PlanPurchased → e-mail confirmation. The event names the person only by id (no e-mail, no mobile), so the
 * message is rendered and stored as 'skipped' until the payload (or a recipients read model) gives one.
 */
export function renderPlanPurchased(event: EventEnvelope<PayloadOf<typeof PlanPurchased>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
  const p = event.payload;
  const tab = chargingPlanTabKey(p.type);
  const plan = tab ? t(tab) : p.type;
  return [
    {
      channel: 'email',
      recipient: null,
      template: 'plan-purchased',
      text: t('notifications.planPurchased', { reference: p.reference, amount: p.amount, plan }),
      skipReason: t('notifications.noRecipientInEvent'),
      storeId: null,
      userId: p.userId,
      quotationId: null,
      params: { reference: p.reference, amount: String(p.amount), plan, link: links.home(ctx) },
    },
  ];
}

/** RegistrationRequested → e-mail with the link that creates the account (valid until expiresAt, Bogotá time). */
export function renderRegistrationRequested(event: EventEnvelope<PayloadOf<typeof RegistrationRequested>>): DraftMessage[] {
  const p = event.payload;
  return [
    {
      channel: 'email',
      recipient: p.email,
      template: 'registration-requested',
      text: t('notifications.registrationRequested', { name: p.name, url: p.verifyUrl, until: formatBogota(p.expiresAt) }),
      skipReason: null,
      storeId: null,
      userId: null,
      quotationId: null,
      params: { name: p.name, until: formatBogota(p.expiresAt), link: p.verifyUrl },
    },
  ];
}

/** RegistrationOnExistingAccount → e-mail to the owner: someone (maybe them) tried to register again; where to log in. */
export function renderRegistrationOnExistingAccount(event: EventEnvelope<PayloadOf<typeof RegistrationOnExistingAccount>>): DraftMessage[] {
  const p = event.payload;
  return [
    {
      channel: 'email',
      recipient: p.email,
      template: 'registration-existing-account',
      text: t('notifications.registrationOnExistingAccount', { url: p.loginUrl }),
      skipReason: null,
      storeId: null,
      userId: p.userId,
      quotationId: null,
      params: { link: p.loginUrl },
    },
  ];
}

/** The seller's WhatsApp and the buyer's e-mail of a purchase event (recipients from the event; none: skipped with the reason). */
function purchaseMessages(
  p: { storeId: string; buyerId: string; storeMobile: string | null; buyerEmail: string | null },
  seller: { template: string; text: string },
  buyer: { template: string; text: string; link: string },
  params: MessageParams,
  sellerLink: string,
): DraftMessage[] {
  const mobile = whatsappRecipient(p.storeMobile);
  const email = p.buyerEmail?.trim() || null;
  return [
    {
      channel: 'whatsapp',
      recipient: mobile,
      template: seller.template,
      text: seller.text,
      skipReason: mobile ? null : t('notifications.noStoreMobile'),
      storeId: p.storeId,
      userId: p.buyerId,
      quotationId: null,
      params: { ...params, link: sellerLink },
    },
    {
      channel: 'email',
      recipient: email,
      template: buyer.template,
      text: buyer.text,
      skipReason: email ? null : t('notifications.noBuyerEmail'),
      storeId: p.storeId,
      userId: p.buyerId,
      quotationId: null,
      params: { ...params, link: buyer.link },
    },
  ];
}

const buyerName = (name: string | null) => name?.trim() || t('notifications.aBuyer');

/** PurchasePlaced → WhatsApp to the store (a purchase to expect payment for, or an order to confirm) and e-mail to the buyer. */
export function renderPurchasePlaced(event: EventEnvelope<PayloadOf<typeof PurchasePlaced>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
  const p = event.payload;
  const units = unitsText(p.lines.reduce((n, l) => n + l.quantity, 0));
  const params = {
    ref: p.refVenta,
    buyer: buyerName(p.buyerName),
    store: p.storeName,
    units,
    total: formatCents(p.totalCents, p.currency),
  };
  const order = p.state === 'awaiting_confirmation';
  return purchaseMessages(
    p,
    {
      template: order ? 'order-placed-seller' : 'purchase-placed-seller',
      text: t(order ? 'notifications.orderPlacedSeller' : 'notifications.purchasePlacedSeller', params),
    },
    {
      template: order ? 'order-placed-buyer' : 'purchase-placed-buyer',
      text: order
        ? t('notifications.orderPlacedBuyer', params)
        : t('notifications.purchasePlacedBuyer', { ...params, until: p.reservationExpiresAt ? formatBogota(p.reservationExpiresAt) : '—' }),
      link: links.home(ctx),
    },
    params,
    links.adminPurchases(ctx),
  );
}

/** PurchasePaid → the store prepares the delivery; the buyer's receipt. */
export function renderPurchasePaid(event: EventEnvelope<PayloadOf<typeof PurchasePaid>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
  const p = event.payload;
  const params = { ref: p.refVenta, buyer: buyerName(p.buyerName), store: p.storeName, total: formatCents(p.totalCents, p.currency) };
  return purchaseMessages(
    p,
    { template: 'purchase-paid-seller', text: t('notifications.purchasePaidSeller', params) },
    { template: 'purchase-paid-buyer', text: t('notifications.purchasePaidBuyer', params), link: links.home(ctx) },
    params,
    links.adminPurchases(ctx),
  );
}

/** PurchaseCancelled → the store gets its stock back; the buyer is told why (and that the lines are back in the cart). */
export function renderPurchaseCancelled(event: EventEnvelope<PayloadOf<typeof PurchaseCancelled>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
  const p = event.payload;
  const reason = cancelReasonText(p.reason).toLowerCase();
  const params = { ref: p.refVenta, buyer: buyerName(p.buyerName), store: p.storeName, reason };
  const messages = purchaseMessages(
    p,
    { template: 'purchase-cancelled-seller', text: t('notifications.purchaseCancelledSeller', params) },
    { template: 'purchase-cancelled-buyer', text: t('notifications.purchaseCancelledBuyer', params), link: links.cart(ctx) },
    params,
    links.adminPurchases(ctx),
  );
  // A seller's rejection reaches the buyer with the seller's own reason (OrderRejectedBySeller), not twice.
  return p.reason === 'seller_rejected' ? messages.filter((m) => m.channel !== 'email') : messages;
}

/** The buyer's e-mail alone (the seller acted, so the store is not messaged about its own decision). */
function buyerEmail(
  p: { storeId: string; buyerId: string; buyerEmail: string | null },
  template: string,
  text: string,
  params: MessageParams,
): DraftMessage[] {
  const email = p.buyerEmail?.trim() || null;
  return [
    {
      channel: 'email',
      recipient: email,
      template,
      text,
      skipReason: email ? null : t('notifications.noBuyerEmail'),
      storeId: p.storeId,
      userId: p.buyerId,
      quotationId: null,
      params,
    },
  ];
}

/** OrderConfirmedBySeller → the buyer is asked to pay (issue #13: "stock and price confirmed → the buyer is asked to pay"). */
export function renderOrderConfirmedBySeller(
  event: EventEnvelope<PayloadOf<typeof OrderConfirmedBySeller>>,
  ctx = DEFAULT_CONTEXT,
): DraftMessage[] {
  const p = event.payload;
  const vars = {
    ref: p.refVenta,
    buyer: buyerName(p.buyerName),
    store: p.storeName,
    total: formatCents(p.totalCents, p.currency),
    until: p.paymentDueAt ? formatBogota(p.paymentDueAt) : '—',
  };
  return buyerEmail(p, 'order-confirmed-buyer', t('notifications.orderConfirmedBuyer', vars), { ...vars, link: links.purchases(ctx) });
}

/** OrderRejectedBySeller → the buyer is told why (issue #13: "rejected → stock released, buyer told why"). */
export function renderOrderRejectedBySeller(
  event: EventEnvelope<PayloadOf<typeof OrderRejectedBySeller>>,
  ctx = DEFAULT_CONTEXT,
): DraftMessage[] {
  const p = event.payload;
  const vars = { ref: p.refVenta, buyer: buyerName(p.buyerName), store: p.storeName, reason: p.reason };
  return buyerEmail(p, 'order-rejected-buyer', t('notifications.orderRejectedBuyer', vars), { ...vars, link: links.cart(ctx) });
}

/** StoreRatingRequested → the buyer is asked, by WhatsApp and by e-mail, to rate the store of a delivered purchase (issue #13). */
export function renderStoreRatingRequested(event: EventEnvelope<PayloadOf<typeof StoreRatingRequested>>): DraftMessage[] {
  const p = event.payload;
  const vars = { buyer: buyerName(p.buyerName), store: p.storeName, ref: p.refVenta };
  const text = t('notifications.storeRatingRequested', { ...vars, url: p.rateUrl });
  const params: MessageParams = { ...vars, link: p.rateUrl };
  const mobile = whatsappRecipient(p.buyerMobile);
  const email = p.buyerEmail?.trim() || null;
  const base = { template: 'store-rating-requested', text, storeId: p.storeId, userId: p.buyerId, quotationId: null, params };
  return [
    { ...base, channel: 'whatsapp', recipient: mobile, skipReason: mobile ? null : t('notifications.noCustomerMobile') },
    { ...base, channel: 'email', recipient: email, skipReason: email ? null : t('notifications.noBuyerEmail') },
  ];
}

/** `YYYY-MM-DD HH:mm:ss` (the agenda's wall clock) → `DD/MM/YYYY HH:mm`. */
export function formatWallClock(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : date;
}

const CITY_OF_ZONE: Record<string, string> = { 'America/Bogota': 'Bogotá', 'America/Mexico_City': 'Ciudad de México' };

/** ActivityReminderDue → the person's reminder by e-mail and by WhatsApp (each skipped, with its reason, without a contact). */
export function renderActivityReminderDue(
  event: EventEnvelope<PayloadOf<typeof ActivityReminderDue>>,
  ctx = DEFAULT_CONTEXT,
): DraftMessage[] {
  const p = event.payload;
  const vars = {
    name: p.name,
    when: formatWallClock(p.date),
    city: CITY_OF_ZONE[p.timeZone] ?? p.timeZone,
    description: p.description,
  };
  const text = t('notifications.activityReminder', { ...vars, url: p.activityUrl ?? '' });
  const email = p.email?.trim() || null;
  const mobile = whatsappRecipient(p.mobile);
  const params: MessageParams = { ...vars, link: p.activityUrl ?? links.home(ctx) };
  const common = { template: 'activity-reminder', text, storeId: null, userId: p.userId, quotationId: null, params };
  return [
    { ...common, channel: 'email', recipient: email, skipReason: email ? null : t('notifications.noPersonEmail') },
    { ...common, channel: 'whatsapp', recipient: mobile, skipReason: mobile ? null : t('notifications.noCustomerMobile') },
  ];
}

/** SellerInvited → the approved supplier's e-mail: the link that creates the seller account, or where to log in. */
export function renderSellerInvited(event: EventEnvelope<PayloadOf<typeof SellerInvited>>): DraftMessage[] {
  const p = event.payload;
  const vars = { name: p.name, store: p.storeName, url: p.url, until: formatBogota(p.expiresAt) };
  const text = p.existingAccount ? t('notifications.sellerInvitedExisting', vars) : t('notifications.sellerInvited', vars);
  return [
    {
      channel: 'email',
      recipient: p.email,
      template: 'seller-invited',
      text,
      skipReason: null,
      storeId: null,
      userId: null,
      quotationId: null,
      params: { name: p.name, store: p.storeName, until: vars.until, link: p.url },
    },
  ];
}

const vehicleText = (v: { brand: string; model: string; year: number | null }) => [v.brand, v.model, v.year ?? ''].join(' ').trim();

/** QuestionAsked → WhatsApp to the store: a person asks whether {title} fits their vehicle (or adds a follow-up). */
export function renderQuestionAsked(event: EventEnvelope<PayloadOf<typeof QuestionAsked>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
  const p = event.payload;
  const recipient = whatsappRecipient(p.storeMobile);
  const customer = p.askerName?.trim() || t('notifications.someone');
  const vehicle = vehicleText(p.vehicle);
  const link = links.adminQuestion(ctx, p.questionId);
  const text = p.followUp
    ? t('notifications.questionFollowUp', { customer, title: p.title, reference: p.reference, vehicle, comment: p.followUp, link })
    : t('notifications.questionAsked', {
        customer,
        title: p.title,
        reference: p.reference,
        vehicle,
        comment: p.comment ? ` «${p.comment}».` : '',
        link,
      });
  return [
    {
      channel: 'whatsapp',
      recipient,
      template: 'question-asked',
      text,
      skipReason: recipient ? null : t('notifications.noStoreMobile'),
      storeId: p.storeId,
      userId: p.userId,
      quotationId: null,
      params: { customer, title: p.title, reference: p.reference, vehicle, link },
    },
  ];
}

/** QuestionAnswered → the asker by WhatsApp and e-mail: the store's answer (yes, no, the VIN is needed) and its comment. */
export function renderQuestionAnswered(event: EventEnvelope<PayloadOf<typeof QuestionAnswered>>, ctx = DEFAULT_CONTEXT): DraftMessage[] {
  const p = event.payload;
  const vehicle = vehicleText(p.vehicle);
  const answer = answerText(p.answer);
  const link = links.questions(ctx);
  const text = t('notifications.questionAnswered', {
    store: p.storeName,
    title: p.title,
    reference: p.reference,
    vehicle,
    answer,
    response: p.response ? ` «${p.response}».` : '',
    link,
  });
  const params: MessageParams = { store: p.storeName, title: p.title, reference: p.reference, vehicle, answer, link };
  const common = { template: 'question-answered', text, storeId: p.storeId, userId: p.userId, quotationId: null, params };
  const email = p.askerEmail?.trim() || null;
  const mobile = whatsappRecipient(p.askerMobile);
  return [
    { ...common, channel: 'whatsapp', recipient: mobile, skipReason: mobile ? null : t('notifications.noCustomerMobile') },
    { ...common, channel: 'email', recipient: email, skipReason: email ? null : t('notifications.noPersonEmail') },
  ];
}
