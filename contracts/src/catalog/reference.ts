/**
 * A part number as the catalogue compares it: letters and digits only, upper case (spec 001 §3: substitutions
 * and cross-references match numbers written with or without separators).
 */
export function normalizeReference(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}
