import { t } from '../messages/format.js';

/**
 * VINs as Latin America has them (DESIGN §7): exactly 17 characters; lowercase accepted; I, O and Q
 * never occur in a VIN, so people who type them meant 1, 0 and 0. The check digit (position 9) is
 * mandatory only for North American VINs (WMI starting 1–5); elsewhere it is not a reason to reject.
 */
const VALUES: Record<string, number> = {
  ...Object.fromEntries([...'0123456789'].map((c, i) => [c, i])),
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const VIN_LENGTH = 17;

/** Uppercases, drops spaces and dashes, and maps I→1, O→0, Q→0. */
export function normalizeVin(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/I/g, '1').replace(/[OQ]/g, '0');
}

export function vinCheckDigitOf(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) if (i !== 8) sum += (VALUES[vin[i]!] ?? 0) * WEIGHTS[i]!;
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** North American WMIs start with 1–5 (US, Canada, Mexico): there the check digit is the law. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

export type VinCheck =
  { ok: true; vin: string; checkDigitValid: boolean } | { ok: false; code: 'VIN must have 17 digits' | 'Invalid VIN'; messages: string[] };

export function checkVin(raw: string): VinCheck {
  const vin = normalizeVin(raw);
  if (vin.length !== VIN_LENGTH) return { ok: false, code: 'VIN must have 17 digits', messages: [t('vin.mustHave17')] };
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return { ok: false, code: 'Invalid VIN', messages: [t('vin.invalidTitle')] };
  const checkDigitValid = vin[8] === vinCheckDigitOf(vin);
  if (!checkDigitValid && isNorthAmericanVin(vin)) return { ok: false, code: 'Invalid VIN', messages: [t('vin.invalidTitle')] };
  return { ok: true, vin, checkDigitValid };
}

/** Japanese-market frame numbers (e.g. GRJ150-0012345): a model code, a dash and a serial. */
export function normalizeFrame(raw: string): string | null {
  const frame = raw.toUpperCase().replace(/\s/g, '');
  return /^[A-Z0-9]{2,8}-\d{5,8}$/.test(frame) ? frame : null;
}
