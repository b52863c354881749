import type { StoreInput, StoreSnapshot, StoreView } from '@tuerca/contracts';
import type { Store } from './store.entity.js';

/** A store's fields, from its entity or a typed Kysely row. */
export type StoreRecord = Pick<
  Store,
  | 'id'
  | 'name'
  | 'country'
  | 'currency'
  | 'city'
  | 'isVirtual'
  | 'pathPrefix'
  | 'logotypeUrl'
  | 'showStoreLogoInProduct'
  | 'showProductReferences'
  | 'showStoreNameToUser'
  | 'showProvider'
  | 'providerName'
  | 'purchaseDiscountRules'
  | 'minimumPurchaseValue'
  | 'mobile'
  | 'createdAt'
  | 'updatedAt'
>;

/** spec (DESIGN §4): each store sells in its country's currency. */
export const currencyOf = (country: 'CO' | 'MX'): 'COP' | 'MXN' => (country === 'MX' ? 'MXN' : 'COP');

/** The entity fields a store takes from its form. */
export function storeFields(input: StoreInput) {
  return {
    name: input.name,
    country: input.country,
    currency: currencyOf(input.country),
    city: input.city ?? null,
    isVirtual: input.isVirtualStore,
    pathPrefix: input.pathPrefix ?? null,
    logotypeUrl: input.logotypeUrl ?? null,
    showStoreLogoInProduct: input.showStoreLogoInProduct,
    showProductReferences: input.showProductReferences,
    showStoreNameToUser: input.showStoreNameToUser,
    showProvider: input.showProvider,
    providerName: input.providerName ?? null,
    purchaseDiscountRules: input.purchaseDiscountRules,
    minimumPurchaseValue: input.minimumPurchaseValue,
    mobile: input.mobile ?? null,
  };
}

/** The event payload of a store (StoreUpdated). */
export function storeSnapshotOf(s: StoreRecord): StoreSnapshot {
  return {
    id: s.id,
    name: s.name,
    country: s.country,
    currency: s.currency,
    isVirtualStore: s.isVirtual,
    pathPrefix: s.pathPrefix ?? null,
    logotypeUrl: s.logotypeUrl ?? null,
    showStoreLogoInProduct: s.showStoreLogoInProduct,
    showProductReferences: s.showProductReferences,
    showStoreNameToUser: s.showStoreNameToUser,
    showProvider: s.showProvider,
    providerName: s.providerName ?? null,
    purchaseDiscountRules: s.purchaseDiscountRules,
    minimumPurchaseValue: Number(s.minimumPurchaseValue),
  };
}

/** The store as the operator console reads it. */
export function storeViewOf(s: StoreRecord): StoreView {
  return {
    ...storeSnapshotOf(s),
    city: s.city ?? null,
    mobile: s.mobile ?? null,
    createdAt: new Date(s.createdAt).toISOString(),
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}

/**
 * What a store's own admin may change: they run their store, but whether it is virtual, its address prefix
 * and its country (which sets every price's currency, issue 20 §9) are the operators' call. Answers the
 * input to save, or 'country' when the admin tried to change the country.
 */
export function storeAdminEdit(current: StoreView, asked: StoreInput): StoreInput | 'country' {
  if (asked.country !== current.country) return 'country';
  return { ...asked, isVirtualStore: current.isVirtualStore, pathPrefix: current.pathPrefix };
}
