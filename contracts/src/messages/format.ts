import { es } from './es.js';

/** Dotted paths to every string leaf of a nested message object, e.g. 'quotation.quantityMustBePositive'. */
type LeafPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafPaths<T[K]>}`;
}[keyof T & string];

export type MessageKey = LeafPaths<typeof es>;

export type MessageParams = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * ICU plural messages, the subset the catalogue uses: `{count, plural, one {# producto} other {# productos}}`.
 * A branch may hold `{name}` placeholders; `#` is the number, grouped as in Colombia ('1.250').
 */
export const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const PLURAL_BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g;
const pluralRules = new Intl.PluralRules('es');
const numberFormat = new Intl.NumberFormat('es-CO');

function pluralize(text: string, params: MessageParams): string {
  return text.replace(PLURAL, (whole, name: string, branches: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const n = Number(params[name]);
    const forms = new Map<string, string>();
    for (const m of branches.matchAll(PLURAL_BRANCH)) forms.set(m[1]!, m[2]!);
    // Spanish has 'one' and 'other' (and 'many' for millions, which reads as 'other' here).
    const form = forms.get(`=${n}`) ?? forms.get(pluralRules.select(n)) ?? forms.get('other') ?? whole;
    return form.replace(/#/g, Number.isFinite(n) ? numberFormat.format(n) : String(params[name]));
  });
}

/**
 * Replaces `{name}` placeholders with params[name] after choosing the plural forms by Intl.PluralRules;
 * placeholders without a value are left as they are.
 */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return pluralize(text, params).replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

function lookup(key: string): string | undefined {
  let node: unknown = es;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Spanish text for `key`, with `{name}` placeholders filled from params. An unknown key returns the key itself. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text = lookup(key);
  return text === undefined ? key : interpolate(text, params);
}

/** Whether a runtime string is a message key (for keys that arrive as data, e.g. from a server answer). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(key) !== undefined;
}

/**
 * Message key of the tab label for a charging-plan key as the server sends it (snake_case, e.g.
 * 'plate_consultations' -> 'plans.tabs.plateConsultations'); undefined for keys without a label.
 */
export function chargingPlanTabKey(planKey: string): MessageKey | undefined {
  const camel = planKey.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const key = `plans.tabs.${camel}`;
  return isMessageKey(key) ? key : undefined;
}

function* leafTexts(node: unknown, prefix: string): Generator<[string, string]> {
  if (typeof node === 'string') yield [prefix, node];
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) yield* leafTexts(v, prefix ? `${prefix}.${k}` : k);
}

let catalogueTexts: [MessageKey, RegExp][] | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ANY = '[\\s\\S]+?';
/** A message as a pattern: each `{name}` any text, a plural block any of its forms with `#` any number. */
function messagePattern(message: string): string {
  return message
    .split(/(\{\w+, plural,(?:[^{}]|\{(?:[^{}]|\{\w+\})*\})*\}|\{\w+\})/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      if (!part.includes(', plural,')) return ANY;
      const forms = [...part.matchAll(PLURAL_BRANCH)].map((b) =>
        b[2]!
          .split(/(\{\w+\}|#)/)
          .map((piece, j) => (j % 2 === 1 ? ANY : escapeRegExp(piece)))
          .join(''),
      );
      return `(?:${forms.join('|')})`;
    })
    .join('');
}

/**
 * The catalogue message a finished text was made from — its placeholders and plural forms filled with any
 * values — or undefined when the text is no message of the catalogue (an untranslated library error, say).
 */
export function messageKeyOf(text: string): MessageKey | undefined {
  catalogueTexts ??= [...leafTexts(es, '')].map(([key, message]) => [key as MessageKey, new RegExp(`^${messagePattern(message)}$`)]);
  return catalogueTexts.find(([, re]) => re.test(text))?.[0];
}
