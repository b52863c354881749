import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CompatibleVehicle } from '@tuerca/contracts';

/** A marketplace store as this context keeps it (StoreUpdated). */
export const MirroredStore = defineEntity({
  name: 'MirroredStore',
  tableName: 'mirrored_stores',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    country: p.text().$type<'CO' | 'MX'>(),
    currency: p.text().$type<'COP' | 'MXN'>(),
    updatedAt: p.datetime(),
  },
});
export type MirroredStore = InferEntity<typeof MirroredStore>;

/** A seller's product as the channels need it (ProductPublished / ProductUpdated / ProductDeleted). */
export const MirroredProduct = defineEntity({
  name: 'MirroredProduct',
  tableName: 'mirrored_products',
  properties: {
    id: p.uuid().primary(),
    storeId: p.uuid(),
    title: p.text(),
    description: p.text(),
    /** The product's manufacturer_title: the store's own brand label. */
    brand: p.text(),
    reference: p.text(),
    stock: p.integer(),
    price: p.decimal('number').precision(14).scale(2),
    images: p.json<string[]>().columnType('jsonb').defaultRaw(`'[]'`),
    productUrl: p.text(),
    compatibleVehicles: p.json<CompatibleVehicle[]>().columnType('jsonb').defaultRaw(`'[]'`),
    state: p.text().$type<'published' | 'depleted' | 'deleted'>(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'mirrored_products_store', properties: ['storeId', 'state'] }],
});
export type MirroredProduct = InferEntity<typeof MirroredProduct>;

/** Billing's app parameters this context follows (AppParameterChanged). */
export const Setting = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: {
    name: p.text().primary(),
    value: p.json<unknown>().columnType('jsonb'),
    updatedAt: p.datetime(),
  },
});
export type Setting = InferEntity<typeof Setting>;

/**
 * A marketplace-integration plan credited by billing (ConsultationsCredited of type `marketplace_integration`,
 * bought or credited by an operator): while it lasts, its amount adds MercadoLibre publications to the free ones.
 */
export const IntegrationPlan = defineEntity({
  name: 'IntegrationPlan',
  tableName: 'integration_plans',
  properties: {
    balanceId: p.uuid().primary(),
    userId: p.text(),
    amount: p.integer(),
    source: p.text().$type<'purchase' | 'manual'>(),
    expiresAt: p.datetime(),
    creditedAt: p.datetime(),
  },
  indexes: [{ name: 'integration_plans_user', properties: ['userId', 'expiresAt'] }],
});
export type IntegrationPlan = InferEntity<typeof IntegrationPlan>;

/** Which store a person works for, as identity announces it (UserUpdated): a store's plans are its people's. */
export const StoreMember = defineEntity({
  name: 'StoreMember',
  tableName: 'store_members',
  properties: {
    userId: p.text().primary(),
    storeId: p.uuid().nullable(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'store_members_store', properties: ['storeId'] }],
});
export type StoreMember = InferEntity<typeof StoreMember>;
