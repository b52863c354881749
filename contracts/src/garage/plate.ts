import { z } from 'zod';
import { requiredField } from '../http/zod-es.js';
import { t } from '../messages/format.js';

export type PlateCountry = 'CO' | 'MX';

/** spec 001 §5: Colombian plates are exactly 6 characters and follow one of these patterns. */
export const COLOMBIAN_PLATE_PATTERNS: readonly RegExp[] = [
  /^[A-Z]{3}\d{3}$/, // cars
  /^[A-Z]{3}\d{2}[A-Z]$/, // motorcycles
  /^\d{3}[A-Z]{3}$/, // motocarros and trailers
  /^[DCMOA][A-Z]\d{4}$/, // diplomatic, consular, mission, international organisations, administrative
  /^[RS]\d{5}$/, // trailers and semi-trailers
];

/** Uppercases and drops what is not a letter or a digit (people type 'abc-123', 'ABC 123'). */
export function normalizePlate(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export type PlateCheck = { ok: true; plate: string } | { ok: false; messages: string[] };

/** spec 001 §5: Mexico 6 or 7 letters or digits; Colombia exactly 6 and one of the five patterns. */
export function checkPlate(raw: string, country: PlateCountry): PlateCheck {
  const plate = normalizePlate(raw);
  if (country === 'MX') {
    return /^[A-Z0-9]{6,7}$/.test(plate) ? { ok: true, plate } : { ok: false, messages: [t('plate.invalid'), t('plate.invalidDetail')] };
  }
  if (plate.length !== 6) return { ok: false, messages: [t('plate.mustHave6')] };
  return COLOMBIAN_PLATE_PATTERNS.some((p) => p.test(plate))
    ? { ok: true, plate }
    : { ok: false, messages: [t('plate.invalid'), t('plate.invalidDetail')] };
}

/** The plate lookup's query (001 §7): licensePlate, reCaptcha (the solved human check), allowFreeSearches. */
export const plateLookupQuerySchema = z.object({
  licensePlate: z
    .string(requiredField)
    .trim()
    .min(1, { error: t('validation.required') })
    .max(16),
  reCaptcha: z.string().trim().max(4096).optional(),
  allowFreeSearches: z.enum(['0', '1']).default('0'),
  country: z.enum(['CO', 'MX']).optional(),
});
export type PlateLookupQuery = z.infer<typeof plateLookupQuerySchema>;
