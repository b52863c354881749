import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const INBOUND_KINDS = ['quotation-answer', 'opt-out', 'opt-in', 'other'] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/** Each inbound WhatsApp message once (WhatsApp retries its webhook; the message id de-duplicates). */
export const WhatsAppInbound = defineEntity({
  name: 'WhatsAppInbound',
  tableName: 'whatsapp_inbound',
  properties: {
    messageId: p.text().primary(),
    fromNumber: p.text(),
    kind: p.enum(INBOUND_KINDS),
    quotationId: p.uuid().nullable(),
    receivedAt: p.datetime(),
    body: p.json<unknown>().columnType('jsonb'),
  },
  indexes: [
    {
      name: 'whatsapp_inbound_from',
      expression: 'create index whatsapp_inbound_from on whatsapp_inbound (from_number, received_at desc)',
    },
  ],
});
export type WhatsAppInbound = InferEntity<typeof WhatsAppInbound>;

/** A number that answered 'BAJA' / 'STOP': no WhatsApp goes to it until it answers 'ALTA' / 'START'. */
export const WhatsAppOptOut = defineEntity({
  name: 'WhatsAppOptOut',
  tableName: 'whatsapp_opt_outs',
  properties: {
    phone: p.text().primary(),
    keyword: p.text(),
    optedOutAt: p.datetime(),
  },
});
export type WhatsAppOptOut = InferEntity<typeof WhatsAppOptOut>;
