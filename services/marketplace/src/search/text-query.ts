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
