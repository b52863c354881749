import { MAX_ADDRESSES_PER_PERSON, type Address as AddressView } from '@tuerca/contracts';
import type { Address } from './address.entity.js';

/** Whether a person with `count` addresses may save another. */
export function canAddAddress(count: number): boolean {
  return count < MAX_ADDRESSES_PER_PERSON;
}

/**
 * Whether a saved or changed address is the person's default. A person with addresses always has exactly one
 * default: the first one saved is it, `isDefault: true` moves it, and `isDefault: false` on the current
 * default is ignored (the way to change the default is to choose another one).
 */
export function isDefaultAfterSave(input: { isDefault?: boolean }, state: { otherAddresses: number; wasDefault: boolean }): boolean {
  if (state.otherAddresses === 0) return true;
  if (input.isDefault === true) return true;
  return state.wasDefault;
}

/** After the default is deleted, the most recently changed of the others takes its place. */
export function nextDefault<T extends { id: string; updatedAt: Date }>(remaining: readonly T[]): T | undefined {
  return [...remaining].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id.localeCompare(a.id))[0];
}

type AddressRow = Pick<
  Address,
  | 'id'
  | 'country'
  | 'label'
  | 'receiverName'
  | 'phone'
  | 'regionCode'
  | 'regionName'
  | 'cityCode'
  | 'cityName'
  | 'neighborhood'
  | 'postalCode'
  | 'addressLine'
  | 'notes'
  | 'isDefault'
  | 'createdAt'
  | 'updatedAt'
>;

export const ADDRESS_COLUMNS = [
  'id',
  'country',
  'label',
  'receiverName',
  'phone',
  'regionCode',
  'regionName',
  'cityCode',
  'cityName',
  'neighborhood',
  'postalCode',
  'addressLine',
  'notes',
  'isDefault',
  'createdAt',
  'updatedAt',
] as const;

/** An address as its owner sees it. */
export function toAddressView(a: AddressRow): AddressView {
  return {
    id: a.id,
    country: a.country,
    label: a.label ?? null,
    receiverName: a.receiverName,
    phone: a.phone,
    regionCode: a.regionCode,
    regionName: a.regionName,
    cityCode: a.cityCode ?? null,
    cityName: a.cityName,
    neighborhood: a.neighborhood ?? null,
    postalCode: a.postalCode ?? null,
    addressLine: a.addressLine,
    notes: a.notes ?? null,
    isDefault: a.isDefault,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
