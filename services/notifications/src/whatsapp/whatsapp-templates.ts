/**
 * The WhatsApp message templates, as registered in the WhatsApp Business account (Meta approves each one;
 * business-initiated messages can only be templates). Each of our message templates maps to one of them with
 * its body parameters in order; the quotation carries two quick-reply buttons whose texts are part of the
 * approved template ('Hay disponibilidad' / 'No hay disponibilidad', under the 25 characters quick replies
 * allow) and whose payloads we set per message.
 */
export interface WhatsAppTemplate {
  name: string;
  body: readonly string[];
  /** Quick-reply payloads, in the order of the template's buttons. */
  quickReplies?: (params: Record<string, string>) => string[];
}

/** The quotation's reply buttons' payloads: `quote:<quotationId>:available` / `…:not-available`. */
export const quoteReplyPayload = (quotationId: string, available: boolean) =>
  `quote:${quotationId}:${available ? 'available' : 'not-available'}`;

const QUOTE_PAYLOAD = /^quote:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(available|not-available)$/i;

/** A button payload (or an interactive reply's id) read back: which quotation, available or not. */
export function parseQuoteReply(payload: string | null | undefined): { quotationId: string; available: boolean } | null {
  const m = QUOTE_PAYLOAD.exec(payload ?? '');
  return m ? { quotationId: m[1]!.toLowerCase(), available: m[2] === 'available' } : null;
}

export const WHATSAPP_TEMPLATES: Record<string, WhatsAppTemplate | ((params: Record<string, string>) => WhatsAppTemplate)> = {
  'quote-requested': {
    name: 'tuerca_quote_requested',
    body: ['customer', 'title', 'reference', 'quantity'],
    quickReplies: (p) => [quoteReplyPayload(p.quotationId!, true), quoteReplyPayload(p.quotationId!, false)],
  },
  'seller-available': (p) =>
    p.until
      ? { name: 'tuerca_seller_available_until', body: ['store', 'title', 'reference', 'until'] }
      : { name: 'tuerca_seller_available', body: ['store', 'title', 'reference'] },
  'seller-not-available': { name: 'tuerca_seller_not_available', body: ['store', 'title', 'reference'] },
  'purchase-placed-seller': { name: 'tuerca_purchase_placed_seller', body: ['ref', 'buyer', 'units', 'total'] },
  'order-placed-seller': { name: 'tuerca_order_placed_seller', body: ['ref', 'buyer', 'units', 'total'] },
  'purchase-paid-seller': { name: 'tuerca_purchase_paid_seller', body: ['ref', 'total', 'buyer'] },
  'purchase-cancelled-seller': { name: 'tuerca_purchase_cancelled_seller', body: ['ref', 'buyer', 'reason'] },
  'store-rating-requested': { name: 'tuerca_store_rating_requested', body: ['buyer', 'store', 'ref'] },
  'activity-reminder': { name: 'tuerca_activity_reminder', body: ['name', 'description', 'when', 'city'] },
  'question-asked': { name: 'tuerca_question_asked', body: ['customer', 'title', 'reference', 'vehicle'] },
  'question-answered': { name: 'tuerca_question_answered', body: ['store', 'title', 'vehicle', 'answer'] },
};

/** A message with no template of its own (or written before params were kept) goes as the generic notice with its whole text. */
const GENERIC: WhatsAppTemplate = { name: 'tuerca_notice', body: ['text'] };

/** The Cloud API's `template` object for a message. */
export function templateMessage(template: string, params: Record<string, string>, text: string, language: string) {
  const entry = WHATSAPP_TEMPLATES[template];
  let def = typeof entry === 'function' ? entry(params) : entry;
  // Every parameter must be there; otherwise the generic notice carries the stored text.
  if (!def || def.body.some((k) => !params[k]) || (def.quickReplies && !params.quotationId)) def = GENERIC;
  const values: Record<string, string> = def === GENERIC ? { text } : params;
  const components: Record<string, unknown>[] = [
    // WhatsApp refuses newlines, tabs and more than four spaces in a row inside a parameter.
    { type: 'body', parameters: def.body.map((k) => ({ type: 'text', text: values[k]!.replace(/\s+/g, ' ').trim() })) },
  ];
  def
    .quickReplies?.(params)
    .forEach((payload, index) =>
      components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] }),
    );
  return { name: def.name, language: { code: language }, components };
}
