import { checkPlate, checkVin, normalizePlate } from '@tuerca/contracts';

export type SearchKind = 'vin' | 'plate' | 'partNumber' | 'text';

/**
 * What the home search box was given: a 17-character VIN, a licence plate (Colombia's patterns or
 * Mexico's 6–7 characters with letters and digits), a part number (one token with digits), or text.
 */
export function classifySearch(raw: string): SearchKind {
  const text = raw.trim();
  if (!text) return 'text';
  const compact = text.replace(/[\s-]/g, '');
  if (compact.length === 17 && checkVin(compact).ok) return 'vin';
  const plate = normalizePlate(text);
  if (/^[A-Za-z0-9-]+$/.test(text) && plate.length >= 6 && plate.length <= 7 && /[A-Z]/.test(plate) && /\d/.test(plate)) {
    if (checkPlate(plate, 'CO').ok) return 'plate';
    // Mexican plates mix letters and digits in many layouts; 'ABC1234' style and 3+3.
    if (/^[A-Z]{3}\d{3,4}$/.test(plate) || /^[A-Z]{3}\d{2}[A-Z0-9]{2}$/.test(plate)) return 'plate';
  }
  const tokens = text.split(/\s+/);
  const hasWord = tokens.some((w) => /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]{4,}$/.test(w));
  if (/\d/.test(text) && !hasWord && tokens.length <= 3 && /^[A-Za-z0-9 ./_-]{3,40}$/.test(text)) return 'partNumber';
  return 'text';
}

/** Part-number search: non-alphanumerics are stripped (001 §5). */
export function cleanPartNumber(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** 'Quick-group filter: 3+ characters; case-insensitive; ignores accents; collapses whitespace.' */
export function foldText(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
