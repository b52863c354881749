import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { lookupChangesTrigger } from './lookup-changes.js';

export interface ImageMapBox {
  code: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A unit (exploded diagram) of a platform: its image map joins hotspot boxes to parts' `codeOnImage`. */
export const Unit = defineEntity({
  name: 'Unit',
  tableName: 'units',
  properties: {
    unitId: p.text().primary(),
    platformId: p.text(),
    catalogCode: p.text(),
    categoryKey: p.text(),
    categoryId: p.text(),
    code: p.text(),
    nameEs: p.text(),
    nameEn: p.text(),
    imageMap: p.json<ImageMapBox[]>().columnType('jsonb'),
    svg: p.text().lazy(),
  },
  indexes: [{ name: 'units_platform', properties: ['platformId', 'categoryKey'] }],
});
export type Unit = InferEntity<typeof Unit>;

/** A part drawn on a unit: its OEM number as the make writes it and normalised for lookups. */
export const Part = defineEntity({
  name: 'Part',
  tableName: 'parts',
  triggers: [lookupChangesTrigger('parts')],
  properties: {
    partId: p.text().primary(),
    unitId: p.text().index('parts_unit'),
    platformId: p.text(),
    catalogCode: p.text(),
    manufacturer: p.text(),
    codeOnImage: p.text(),
    oem: p.text(),
    oemNormalized: p.text().index('parts_oem'),
    partType: p.text(),
    nameEs: p.text(),
    nameEn: p.text(),
    amount: p.integer(),
    shared: p.boolean(),
  },
  indexes: [{ name: 'parts_platform_type', properties: ['platformId', 'partType'] }],
});
export type Part = InferEntity<typeof Part>;
