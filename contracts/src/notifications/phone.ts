import { z } from 'zod';

/**
 * WhatsApp numbers in E.164 for the two markets (issue 18: "Phone numbers in E.164 for CO (+57) and MX (+52)").
 * Colombia: +57 and 10 national digits (mobiles start with 3, landlines with 60). Mexico: +52 and 10 national
 * digits since the 2019 numbering plan; WhatsApp still writes Mexican mobiles as 52 1 + 10 digits in its
 * webhooks (`wa_id`, `from`), which is the same number.
 */
const RULES = [
  { country: 'CO', code: '57', national: /^(3\d{9}|60\d{8})$/ },
  { country: 'MX', code: '52', national: /^\d{10}$/ },
] as const;

export type PhoneCountry = (typeof RULES)[number]['country'];

/**
 * The number in E.164 (`+573001234567`), or null when it is not a Colombian or Mexican number. Accepts
 * spaces, dashes, dots and parentheses, a leading `+` or `00`, WhatsApp's bare digits (`573001234567`) and
 * Mexico's old mobile prefix (`+52 1 …`). A number without a country code is read in `defaultCountry`.
 */
export function toE164(raw: string | null | undefined, defaultCountry?: PhoneCountry): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  if (!/^[+\d][\d\s().-]*$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  for (const rule of RULES) {
    if (!digits.startsWith(rule.code)) continue;
    let national = digits.slice(rule.code.length);
    if (rule.country === 'MX' && national.length === 11 && national.startsWith('1')) national = national.slice(1);
    if (rule.national.test(national)) return `+${rule.code}${national}`;
  }
  if (defaultCountry && !trimmed.startsWith('+') && !trimmed.startsWith('00')) {
    const rule = RULES.find((r) => r.country === defaultCountry)!;
    if (rule.national.test(digits)) return `+${rule.code}${digits}`;
  }
  return null;
}

/** The country of an E.164 number this product serves, or null. */
export function phoneCountry(e164: string): PhoneCountry | null {
  const normalized = toE164(e164);
  if (!normalized) return null;
  return RULES.find((r) => normalized.startsWith(`+${r.code}`))!.country;
}

/** The sign-up's and the store's message when a number is not a Colombian or Mexican one (issue 18). */
export const MOBILE_E164_ERROR = 'Escribe un celular de Colombia (+57) o de México (+52) válido, por ejemplo +57 300 123 4567.';

/**
 * A form's `mobile` in E.164 (issue 18: "Phone numbers in E.164 for CO (+57) and MX (+52), validated at sign-up
 * and store creation"): read in the form's own `country` when it has no country code, stored as `+57…` / `+52…`;
 * anything else is refused on `mobile` with the Spanish message. Absent or null stays so.
 */
export function withE164Mobile<O extends { mobile?: string | null; country?: string }>(o: O, ctx: z.RefinementCtx): O {
  if (o.mobile === undefined || o.mobile === null) return o;
  const country = o.country === 'CO' || o.country === 'MX' ? o.country : undefined;
  const e164 = toE164(o.mobile, country);
  if (!e164) {
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: MOBILE_E164_ERROR });
    return z.NEVER;
  }
  return { ...o, mobile: e164 };
}
