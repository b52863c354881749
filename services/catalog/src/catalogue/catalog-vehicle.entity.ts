import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Catalog } from './catalog.entity.js';
import { vehicleChangesTrigger } from './vehicle-changes.js';

export interface NameValue {
  name: string;
  value: string;
}

/**
 * A vehicle of a catalogue: one platform (model × engine), one generation of model years, one market
 * (CO/MX), with the attributes the console filters by (Año, Motor, Cilindrada, Combustible, Transmisión,
 * Carrocería, Mercado).
 */
export const CatalogVehicle = defineEntity({
  name: 'CatalogVehicle',
  tableName: 'vehicles',
  triggers: [vehicleChangesTrigger('vehicles')],
  properties: {
    vehicleId: p.text().primary(),
    /** Vehicles of one platform share its units and parts. */
    platformId: p.text().index('vehicles_platform'),
    catalog: () => p.manyToOne(Catalog).fieldName('catalog_code').foreignKeyName('vehicles_catalog_code_fkey').index('vehicles_catalog'),
    brand: p.text(),
    name: p.text(),
    yearFrom: p.integer(),
    yearTo: p.integer(),
    market: p.text().$type<'CO' | 'MX'>(),
    attributes: p.json<NameValue[]>().columnType('jsonb').defaultRaw(`'[]'`),
  },
});
export type CatalogVehicle = InferEntity<typeof CatalogVehicle>;
