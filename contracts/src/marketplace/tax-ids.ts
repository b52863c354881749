/**
 * Tax ids of a supplier (issue #16 "NIT or RFC with its check digit validated"): Colombia's NIT with the
 * DIAN's check digit (módulo 11 over the prime weights) and Mexico's RFC with the SAT's homoclave check digit.
 */

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** The DIAN check digit of a NIT's base number (digits only, at most 15). */
export function nitCheckDigit(base: string): number {
  const digits = base.split('').reverse().map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * NIT_WEIGHTS[i]!, 0);
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

/** A NIT as people write it ('900.123.456-8', '900123456 8', '9001234568') → `900123456-8`, or null if its check digit is wrong. */
export function normalizeNit(input: string): string | null {
  const compact = input.replace(/[.\s]/g, '');
  const m = /^(\d{5,15})-?(\d)$/.exec(compact);
  if (!m) return null;
  const [, base, dv] = m as unknown as [string, string, string];
  return nitCheckDigit(base) === Number(dv) ? `${base}-${dv}` : null;
}

const RFC_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The SAT check digit of an RFC's first 11 (company) or 12 (person) characters. */
export function rfcCheckDigit(head: string): string {
  const padded = head.length === 11 ? ` ${head}` : head;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += RFC_ALPHABET.indexOf(padded[i]!) * (13 - i);
  const r = sum % 11;
  if (r === 0) return '0';
  const dv = 11 - r;
  return dv === 10 ? 'A' : String(dv);
}

/**
 * An RFC ('ABC-680524-P76', 'abc680524p76') → `ABC680524P76`, or null when its shape, date or check digit is wrong.
 * 12 characters for a company (persona moral), 13 for a person (persona física).
 */
export function normalizeRfc(input: string): string | null {
  const rfc = input.toUpperCase().replace(/[\s-]/g, '');
  const m = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/.exec(rfc);
  if (!m) return null;
  const month = Number(m[3]);
  const day = Number(m[4]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1) ? rfc : null;
}
