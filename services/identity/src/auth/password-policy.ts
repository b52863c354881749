import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import { t } from '@tuerca/contracts';
import { ValidationError } from '@tuerca/platform';

/**
 * zxcvbn's score (0–4) a password must reach: 3 is "safely unguessable" against an offline attack at 10^8
 * guesses per second for about a day. '11111111', 'qwertyuiop', 'Password1!' or 'colombia1' score 0–1.
 */
export const MIN_PASSWORD_SCORE = 3;

// The dictionaries (passwords from public breaches, common names and words in English and Spanish) are loaded once, on first use.
let estimator: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    translations: es.translations,
  });
  return estimator;
}

/**
 * Why a password is refused, in Spanish (empty when it is fine): too easy to guess — common, from a breach,
 * a keyboard run, a repetition, a date — or built from the person's own name or e-mail.
 */
export function passwordProblems(password: string, personal: readonly string[]): string[] {
  const plain = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  // An e-mail counts by its local part: the domain (a company's, a provider's) is not the person's.
  const own = personal.map((v) => (v.includes('@') ? v.slice(0, v.lastIndexOf('@')) : v));
  const inputs = [...new Set(own.flatMap((v) => [v, ...v.split(/[.\s_+-]+/)]).flatMap((v) => [v, plain(v)]))].filter((v) => v.length >= 3);
  const result = zxcvbn().check(password.slice(0, 128), inputs);
  // zxcvbn prices a name plus a year at about 10^8 guesses; a password that is mostly the person's own data is refused anyway.
  // (a surname may match a names dictionary rather than the person's inputs: the token itself is compared).
  const mine = new Set(inputs.map(plain));
  const personalChars = result.sequence
    .filter((m) => m.pattern === 'dictionary' && (m.dictionaryName === 'userInputs' || mine.has(plain(m.token))))
    .reduce((n, m) => n + m.token.length, 0);
  const mostlyPersonal = personalChars * 2 >= password.length;
  if (result.score >= MIN_PASSWORD_SCORE && !mostlyPersonal) return [];
  const why = mostlyPersonal ? t('auth.passwordLikeYourData') : result.feedback.warning;
  return [t('auth.weakPassword'), ...(why ? [why] : []), ...result.feedback.suggestions.slice(0, 1)];
}

/** Refuses a weak password with a 400 on the `password` field. */
export function assertStrongPassword(password: string, personal: readonly string[]): void {
  const problems = passwordProblems(password, personal);
  if (problems.length > 0) throw new ValidationError(problems, [{ path: 'password', message: problems.join(' ') }]);
}
