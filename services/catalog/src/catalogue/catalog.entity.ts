import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { vehicleChangesTrigger } from './vehicle-changes.js';

/** One original-parts catalogue per make (spec 001 §3 "Catalog: code, brand, features"). */
export const Catalog = defineEntity({
  name: 'Catalog',
  tableName: 'catalogs',
  triggers: [vehicleChangesTrigger('catalogs')],
  properties: {
    code: p.text().primary(),
    catalogId: p.text().unique('catalogs_catalog_id_key'),
    brand: p.text(),
    /** The make this catalogue is for (`chevrolet`, `mercedes-benz`); what a VIN's WMI resolves to. */
    makeKey: p.text(),
    name: p.text(),
    /** vinsearch, framesearch, wizardsearch2, quickgroups, detailapplicability (DESIGN §8). */
    features: p.array<string>().columnType('text[]').defaultRaw(`'{}'`),
  },
});
export type Catalog = InferEntity<typeof Catalog>;
