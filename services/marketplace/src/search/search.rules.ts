import type { CrossReferencesPublished, PayloadOf, QuotationState } from '@tuerca/contracts';

/**
 * spec 000 §5: "Characters other than letters, digits and spaces become spaces; runs of spaces
 * collapse to one." Accents and case are folded too (the search is accent- and case-insensitive).
 */
export function cleanSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/ +/g, ' ')
    .trim();
}

/** The words of a cleaned search text, at most ten (longer queries add nothing but cost). */
export function searchWords(cleaned: string): string[] {
  return cleaned
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 10);
}

/**
 * A `to_tsquery` text from the (corrected) words: every word must match, the last one as a prefix so
 * results follow the typing. Words are already [a-z0-9]+, so nothing needs quoting.
 */
export function tsQueryText(words: readonly string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** A word that looks like a part number (has a digit and is at least four characters) is also searched among references. */
export function looksLikeReference(word: string): boolean {
  return word.length >= 4 && /[0-9]/.test(word);
}

/**
 * The rows one CrossReferencesPublished leaves in `cross_references`: a part equal to its OEM number is left
 * out, and a (part, manufacturer) listed twice keeps its last entry.
 */
export function crossReferenceRows(p: PayloadOf<typeof CrossReferencesPublished>) {
  const rows = new Map<
    string,
    {
      oem: string;
      part: string;
      oemFormatted: string;
      oemManufacturer: string;
      partFormatted: string;
      partManufacturer: string;
      type: string;
      way: string;
    }
  >();
  for (const r of p.references) {
    if (r.partNormalized === p.oemNormalized) continue;
    rows.set(`${r.partNormalized}\u0000${r.manufacturer}`, {
      oem: p.oemNormalized,
      part: r.partNormalized,
      oemFormatted: p.oem,
      oemManufacturer: p.manufacturer,
      partFormatted: r.partFormatted,
      partManufacturer: r.manufacturer,
      type: r.type,
      way: r.way,
    });
  }
  return [...rows.values()];
}

const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/**
 * The normalised references of a product (letters and digits, upper case, accents folded): what
 * `product_refs` keeps for the exact and prefix part-number search, each once.
 */
export function referenceKeys(references: readonly (string | null | undefined)[]): string[] {
  const keys = references
    .filter((r): r is string => Boolean(r))
    .map((r) =>
      fold(r)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, ''),
    );
  return [...new Set(keys.filter((k) => k !== ''))];
}

/**
 * The words of a title and brand the typo correction may offer: letters only (words with digits are part
 * numbers, never corrected), 3 to 40 of them, accents and case folded.
 */
export function searchWordsOf(text: string): string[] {
  const words = fold(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && w.length <= 40 && /^[a-z]+$/.test(w));
  return [...new Set(words)];
}

/**
 * A text search's matches in the order of a person with no quotation (spec 000 §4: sale 0, order 1, quotation
 * without record 3, unavailable 5; then relevance, price, id), as parallel arrays: the part every person shares.
 */
export interface MatchOrder {
  ids: string[];
  groups: Uint8Array;
  ranks: Float64Array;
  prices: Float64Array;
}

/**
 * The indices of one page of `order` as `quotes` (the person's live quotation per product) reorder it. spec 000 §4:
 * "quotation items by state (awaiting response, no record, answered)" — an available quotation item the person
 * asked about moves from group 3 (no record) to 2 (awaiting) or 4 (answered); every other item keeps its place.
 * The moved items are merged back by the same keys (group, relevance descending, price, id).
 */
export function pageOfMatches(
  order: MatchOrder,
  index: ReadonlyMap<string, number>,
  quotes: ReadonlyMap<string, { s: QuotationState }>,
  offset: number,
  limit: number,
): number[] {
  const moved: { i: number; g: number }[] = [];
  for (const [productId, quote] of quotes) {
    const i = index.get(productId);
    if (i !== undefined && order.groups[i] === 3) moved.push({ i, g: quote.s === 'awaiting' ? 2 : 4 });
  }
  const before = (a: number, ga: number, b: number, gb: number): boolean =>
    ga !== gb
      ? ga < gb
      : order.ranks[a] !== order.ranks[b]
        ? order.ranks[a]! > order.ranks[b]!
        : order.prices[a] !== order.prices[b]
          ? order.prices[a]! < order.prices[b]!
          : order.ids[a]! < order.ids[b]!;
  moved.sort((x, y) => (x.i === y.i ? 0 : before(x.i, x.g, y.i, y.g) ? -1 : 1));
  const skip = new Set(moved.map((m) => m.i));
  const page: number[] = [];
  const end = offset + limit;
  let at = 0;
  let m = 0;
  for (let i = 0; at < end && (i < order.ids.length || m < moved.length);) {
    while (i < order.ids.length && skip.has(i)) i++;
    let next: number;
    if (m < moved.length && (i >= order.ids.length || before(moved[m]!.i, moved[m]!.g, i, order.groups[i]!))) next = moved[m++]!.i;
    else if (i < order.ids.length) next = i++;
    else break;
    if (at++ >= offset) page.push(next);
  }
  return page;
}
