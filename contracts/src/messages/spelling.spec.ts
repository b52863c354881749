import { describe, it, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import nspell from 'nspell';
import { es } from './es.js';
import { PLURAL } from './format.js';

/**
 * Every text of the message catalogue against a Spanish spelling dictionary (Hunspell's es, through nspell):
 * accents and spelling are checked by a machine, not only by a review. Words the dictionary cannot know —
 * brands, standards, product names, technical terms of the trade — are listed below, each on purpose.
 */
const ALLOWED = new Set([
  // the product, brands and outside services
  'Tuerca',
  'WhatsApp',
  'Mercado',
  'Libre',
  'Wompi',
  // outside sales channels (issue 18): Google Merchant Center, Auto Care (the PIES brand table's publisher)
  'Google',
  'Merchant',
  'Center',
  'Care',
  'Captcha',
  // standards, formats and their field names (shown to operators who import files)
  'VIN',
  'OEM',
  'ACES',
  'PIES',
  'XML',
  'JSON',
  'JPEG',
  'PNG',
  'WebP',
  'xlsx',
  'csv',
  'CSV',
  'MB',
  'BaseVehicle',
  'Qty',
  'PartType',
  'Part',
  'BrandAAIAID',
  'MfrCode',
  'Company',
  'PartNumber',
  'PartTerminologyID',
  'InterchangeQuantity',
  'filter',
  'references',
  'id',
  'duplicate',
  'replacement',
  'part',
  'whole',
  'tuning',
  'synonym',
  'code',
  'forward',
  'backward',
  'bidirectional',
  // trade words in use in Colombia and Mexico the dictionary lacks
  'autoparte',
  'autopartes',
  'Autoparte',
  'Autopartes',
  'cilindraje',
  'Cilindraje',
  'Tuning',
  'GRJ',
  'marketplaces',
  'premium',
  'Excel',
  'reintentar',
  'republicación',
  'Republicación',
  'Bogotá',
  // payments in Colombia: the wallets' names, and 'reversado' (a payment reversed, banks' word)
  'Nequi',
  'Daviplata',
  'reversado',
  // API values a 400 names ('usa buyer o seller', 'usa sales o returns')
  'buyer',
  'seller',
  'sales',
  'returns',
  // abbreviations ('ref.', 'min')
  'ref',
  'min',
  'Pos',
  'Cant',
  'Ctrl',
  // imperatives with enclitic pronouns, correct Spanish the dictionary's affixes do not build
  'Contáctanos',
  'desactívalas',
  'revísalo',
]);

function leaves(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  return Object.values(node as Record<string, unknown>).flatMap(leaves);
}

/** The words a person reads: plural branches kept, placeholders and the number sign left out. */
function words(text: string): string[] {
  const readable = text
    .replace(PLURAL, (_whole, _name, branches: string) => branches.replace(/(=\d+|zero|one|two|few|many|other)\s*\{/g, ' {'))
    .replace(/\{\w+\}/g, ' ')
    .replace(/[{}#]/g, ' ');
  return readable.match(/[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+/g) ?? [];
}

const require = createRequire(import.meta.url);
const dictionaryDir = dirname(require.resolve('dictionary-es'));
const spell = nspell({ aff: readFileSync(join(dictionaryDir, 'index.aff')), dic: readFileSync(join(dictionaryDir, 'index.dic')) });

describe('the message catalogue is spelled right', () => {
  it('has no word outside the Spanish dictionary and the allowlist', () => {
    const unknown = new Map<string, string>();
    for (const text of leaves(es)) {
      for (const word of words(text)) {
        if (ALLOWED.has(word) || spell.correct(word) || spell.correct(word.toLowerCase())) continue;
        if (word.length === 1 || /^[A-Z]{2,}$/.test(word)) continue; // single letters ('h', 'N') and acronyms ('IVA')
        if (!unknown.has(word)) unknown.set(word, text);
      }
    }
    expect(Object.fromEntries(unknown)).toEqual({});
  });

  it('catches a missing accent', () => {
    expect(spell.correct('búsqueda')).toBe(true);
    expect(spell.correct('busqueda')).toBe(false);
    expect(spell.correct('asegurate')).toBe(false);
  });
});
