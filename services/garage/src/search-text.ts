import type { Expression, ExpressionBuilder } from 'kysely';

/** Accent- and case-insensitive form of a search text, as `folded()` folds a column on the database's side. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const ACCENTED = 'áàäâãéèëêíìïîóòöôõúùüûñç';
const PLAIN = 'aaaaaeeeeiiiiooooouuuunc';

/** `translate(lower(expr), 'áà…', 'aa…')`: a text expression folded the way `foldText` folds the search text. */
export function folded<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, expr: Expression<string | null>): Expression<string> {
  return eb.fn<string>('translate', [eb.fn('lower', [expr]), eb.val(ACCENTED), eb.val(PLAIN)]);
}
