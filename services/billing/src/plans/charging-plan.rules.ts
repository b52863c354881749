import {
  TRANSACTION_TYPES,
  defaultValidityDays,
  transactionTypeLabel,
  type Currency,
  type PlanTab,
  type PlanView,
  type TransactionType,
} from '@tuerca/contracts';
import type { ChargingPlan } from './charging-plan.entity.js';

/** A plan as stored (the entity's fields). */
export type ChargingPlanRow = Pick<
  ChargingPlan,
  | 'id'
  | 'title'
  | 'description'
  | 'amount'
  | 'price'
  | 'currency'
  | 'transactionType'
  | 'validityDays'
  | 'storePlan'
  | 'active'
  | 'deletedAt'
  | 'createdAt'
  | 'updatedAt'
>;

export type ChargingPlanView = PlanView;

/**
 * Consultation types a trial can be asked for: the three metered lookups and general inquiries.
 * A trial of a store implementation or of credit studies would mean nothing, so those are refused.
 */
export const TRIAL_TYPES: readonly TransactionType[] = [
  'plate_consultations',
  'catalog_consultations',
  'substitutions_consultations',
  'general_inquiries',
];

export function isTrialType(type: TransactionType): boolean {
  return TRIAL_TYPES.includes(type);
}

/** The ten tabs in the spec's order, each with its Spanish label (000 §3 "Charging plan tab"). */
export function allTabs(): PlanTab[] {
  return TRANSACTION_TYPES.map((key) => ({ key, label: transactionTypeLabel(key) }));
}

/**
 * Tabs of the plans view: the types that have an active plan, in the spec's order. The type the console
 * asked for (filter.transaction_type) is always there, even without plans, so the console can open it
 * and show 'En este momento no tenemos planes para el tipo de consulta que seleccionaste.'
 */
export function activeTabs(typesWithPlans: Iterable<TransactionType>, requested?: TransactionType): PlanTab[] {
  const present = new Set(typesWithPlans);
  if (requested) present.add(requested);
  return allTabs().filter((tab) => present.has(tab.key));
}

/** spec: plans are valid 90 days from top-up, 30 for marketplace-integration and order plans, unless the operator says otherwise. */
export function validityFor(type: TransactionType, given: number | undefined): number {
  return given ?? defaultValidityDays(type);
}

/**
 * Validity after a change of type: a plan that had its type's default follows the new type's default;
 * a validity an operator chose stays; a validity given in the same change wins.
 */
export function validityAfterPatch(
  current: { transaction_type: TransactionType; validity_days: number },
  patch: { transaction_type?: TransactionType; validity_days?: number },
): number {
  if (patch.validity_days !== undefined) return patch.validity_days;
  if (patch.transaction_type && patch.transaction_type !== current.transaction_type) {
    if (current.validity_days === defaultValidityDays(current.transaction_type)) return defaultValidityDays(patch.transaction_type);
  }
  return current.validity_days;
}

const PRICE_FORMATS: Record<Currency, Intl.NumberFormat> = {
  // Colombian pesos are shown without cents unless the price has them.
  COP: new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  MXN: new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** A price in its own currency, with the code appended because both currencies write '$'. */
export function formatPrice(price: number, currency: Currency): string {
  return `${PRICE_FORMATS[currency].format(price).replace(/\u00a0/g, ' ')} ${currency}`;
}

export function toPlanView(row: ChargingPlanRow, options: { operator: boolean }): ChargingPlanView {
  const price = Number(row.price);
  const view: ChargingPlanView = {
    id: row.id,
    title: row.title,
    description: row.description,
    amount: row.amount,
    price,
    currency: row.currency,
    price_label: formatPrice(price, row.currency),
    transaction_type: row.transactionType,
    transaction_type_label: transactionTypeLabel(row.transactionType),
    validity_days: row.validityDays,
    store_plan: row.storePlan,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  if (options.operator) view.deleted_at = row.deletedAt ? row.deletedAt.toISOString() : null;
  return view;
}

/** Whether someone who is not an operator may see a plan: active and not deleted. */
export function isPublic(row: Pick<ChargingPlanRow, 'active' | 'deletedAt'>): boolean {
  return row.active && !row.deletedAt;
}

export type PlanRefusal = 'stores-only' | 'other-country';

/** The country whose people pay in a currency (each country's plans are priced in its own currency). */
export const CURRENCY_COUNTRY: Record<Currency, 'CO' | 'MX'> = { COP: 'CO', MXN: 'MX' };

/**
 * #20 finding 9: who may buy a plan. A store plan (storePlan) is for sellers and store admins — a store's
 * implementation is bought before the store exists, so a seller without a store may buy it; a plan is sold
 * in its currency's country. Anything else may be bought by anyone logged in with a completed sign-up.
 */
export function planRefusal(
  plan: { storePlan: boolean; currency: Currency },
  buyer: { roles: readonly string[]; country: 'CO' | 'MX' },
): PlanRefusal | null {
  if (plan.storePlan && !buyer.roles.some((r) => r === 'seller' || r === 'store_admin')) return 'stores-only';
  if (CURRENCY_COUNTRY[plan.currency] !== buyer.country) return 'other-country';
  return null;
}
