import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { REPLACEMENT_TYPES, REPLACEMENT_WAYS } from '@tuerca/contracts';
import { lookupChangesTrigger } from '../catalogue/lookup-changes.js';

/** An aftermarket cross-reference of an OEM number (spec 001 §3 "Substitution group"): type and way of the spec. */
export const CrossReference = defineEntity({
  name: 'CrossReference',
  tableName: 'cross_references',
  triggers: [lookupChangesTrigger('cross_references')],
  properties: {
    id: p.text().primary(),
    oem: p.text(),
    oemNormalized: p.text().index('cross_references_oem'),
    manufacturer: p.text(),
    catalogCode: p.text(),
    partType: p.text(),
    type: p
      .text()
      .$type<(typeof REPLACEMENT_TYPES)[number]>()
      .check(`type in ('duplicate', 'replacement', 'part whole', 'tuning', 'synonym', 'code')`),
    way: p.text().$type<(typeof REPLACEMENT_WAYS)[number]>().check(`way in ('forward', 'backward', 'bidirectional')`),
    partManufacturer: p.text(),
    partFormatted: p.text(),
    partNormalized: p.text().index('cross_references_part'),
    partName: p.text(),
  },
});
export type CrossReference = InferEntity<typeof CrossReference>;
