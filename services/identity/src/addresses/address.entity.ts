import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AddressCountry } from '@tuerca/contracts';
import { User } from '../users/user.entity.js';

/**
 * A person's shipping address, stored in the self-contained form a purchase snapshots (names beside the
 * DANE / INEGI codes), so reading it back needs no lookup.
 */
export const Address = defineEntity({
  name: 'Address',
  tableName: 'addresses',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).fieldName('user_id').deleteRule('cascade').foreignKeyName('addresses_user_id_fkey').index(),
    country: p.text().$type<AddressCountry>().check(`country in ('CO', 'MX')`),
    label: p.text().nullable(),
    receiverName: p.text(),
    /** E.164 (+57… or +52…). */
    phone: p.text(),
    /** CO department (DANE) or MX state (INEGI). */
    regionCode: p.text(),
    regionName: p.text(),
    /** CO municipality (DANE); null in Mexico. */
    cityCode: p.text().nullable(),
    cityName: p.text(),
    neighborhood: p.text().nullable(),
    postalCode: p.text().nullable(),
    addressLine: p.text(),
    notes: p.text().nullable(),
    isDefault: p.boolean().default(false),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [
    { name: 'addresses_one_default', expression: 'create unique index addresses_one_default on addresses (user_id) where is_default' },
  ],
});
export type Address = InferEntity<typeof Address>;
