import { foldText } from './search';

/**
 * Numbers, money and dates for people, through Intl in the person's locale: es-CO by default, es-MX for
 * Mexico (001 §1 "Country options: MX, otherwise Colombia").
 */
export type Country = 'CO' | 'MX';
export const localeOf = (country: Country | null | undefined): 'es-CO' | 'es-MX' => (country === 'MX' ? 'es-MX' : 'es-CO');

/** Money in the currency's own locale: COP without cents ('$ 45.900'), MXN with them ('$459.00'). */
export function formatMoney(amount: number, currency: string): string {
  const mexican = currency === 'MXN';
  return new Intl.NumberFormat(mexican ? 'es-MX' : 'es-CO', {
    style: 'currency',
    currency,
    currencyDisplay: 'symbol',
    minimumFractionDigits: mexican ? 2 : 0,
    maximumFractionDigits: mexican ? 2 : 0,
  }).format(amount);
}

/** A whole number with the locale's grouping ('1.250' in Colombia, '1,250' in Mexico). */
export function formatCount(n: number, country?: Country | null): string {
  return new Intl.NumberFormat(localeOf(country)).format(n);
}

/**
 * The spec's dates arrive as DD/MM/YYYY (001 §3 expiredDate) or ISO; shown as people write them
 * ('5 de marzo de 2026'). Anything unreadable is shown as it came.
 */
export function formatDate(value: string, country?: Country | null): string {
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const date = dmy ? new Date(Date.UTC(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1]), 12)) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(country), { dateStyle: 'long', timeZone: dmy ? 'UTC' : 'America/Bogota' }).format(date);
}

/** 'Mazda' + 'Mazda 3' is 'Mazda 3', not 'Mazda Mazda 3'; 'Renault' + 'Logan' is 'Renault Logan'. */
export function vehicleTitle(brand: string | null | undefined, model: string | null | undefined): string {
  const b = (brand ?? '').trim();
  const m = (model ?? '').trim();
  if (!b) return m;
  if (!m) return b;
  return foldText(m).startsWith(`${foldText(b)} `) || foldText(m) === foldText(b) ? m : `${b} ${m}`;
}
