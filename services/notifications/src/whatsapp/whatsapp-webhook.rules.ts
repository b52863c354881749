import { createHmac, timingSafeEqual } from 'node:crypto';
import { toE164 } from '@tuerca/contracts';
import type { InboundKind } from './whatsapp-inbound.entity.js';
import { parseQuoteReply } from './whatsapp-templates.js';

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * Meta signs each webhook call with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 * body>`. Checked on the bytes as received (a re-serialised JSON would not match); without a secret nothing
 * is accepted.
 */
export function validSignature(raw: Buffer | undefined, header: string | undefined, secret: string): boolean {
  if (!secret || !raw || typeof header !== 'string') return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return equal(expected, Buffer.from(m[1]!, 'hex'));
}

/** The verification handshake: the challenge to echo when mode is 'subscribe' and the token matches, else null. */
export function handshakeChallenge(
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
  verifyToken: string,
): string | null {
  if (!verifyToken || query['hub.mode'] !== 'subscribe' || query['hub.challenge'] === undefined) return null;
  const given = Buffer.from(query['hub.verify_token'] ?? '', 'utf8');
  return equal(given, Buffer.from(verifyToken, 'utf8')) ? query['hub.challenge'] : null;
}

/** Opt-out words (issue 18: "opt-out honoured ('BAJA' / 'STOP')") and the words that undo it. */
const OPT_OUT = new Set(['BAJA', 'STOP']);
const OPT_IN = new Set(['ALTA', 'START']);

export interface InboundMessage {
  from: string;
  type: string;
  text?: { body: string };
  button?: { payload?: string; text?: string };
  interactive?: { type: string; button_reply?: { id: string; title: string } };
}

export type InboundDecision =
  { kind: 'quotation-answer'; quotationId: string; available: boolean } | { kind: Exclude<InboundKind, 'quotation-answer'> };

/**
 * What an inbound message means: a tap on the quotation's buttons (a template's quick reply, `type: button`
 * with our payload, or an interactive reply, `button_reply.id`), an opt-out or opt-in word, or anything else.
 */
export function decideInbound(message: InboundMessage): InboundDecision {
  const payload =
    message.type === 'button'
      ? message.button?.payload
      : message.type === 'interactive' && message.interactive?.type === 'button_reply'
        ? message.interactive.button_reply?.id
        : undefined;
  const reply = parseQuoteReply(payload);
  if (reply) return { kind: 'quotation-answer', ...reply };
  if (message.type === 'text' && message.text) {
    const word = message.text.body
      .trim()
      .replace(/[.!¡]+$/g, '')
      .toUpperCase();
    if (OPT_OUT.has(word)) return { kind: 'opt-out' };
    if (OPT_IN.has(word)) return { kind: 'opt-in' };
  }
  return { kind: 'other' };
}

/** WhatsApp's `from` (bare digits, Mexico's 52 1 form) as the E.164 number the product stores; as given when it is not CO/MX. */
export const senderNumber = (from: string): string => toE164(from) ?? `+${from.replace(/\D/g, '')}`;
