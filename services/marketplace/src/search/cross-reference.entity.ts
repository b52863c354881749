import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { searchGenerationTrigger } from './search-generation.entity.js';

/**
 * The catalogue's cross-references as the marketplace keeps them (from CrossReferencesPublished, one OEM
 * number's whole list at a time): normalised `oem` and `part`, their printed forms and manufacturers.
 */
export const CrossReference = defineEntity({
  name: 'CrossReference',
  tableName: 'cross_references',
  properties: {
    oem: p.text().primary(),
    part: p.text().primary(),
    oemFormatted: p.text(),
    oemManufacturer: p.text(),
    partFormatted: p.text(),
    partManufacturer: p.text().primary(),
    type: p.text(),
    way: p.text(),
  },
  primaryKeys: ['oem', 'part', 'partManufacturer'],
  // The reverse branch of a lookup reads (part, oem) in order, so it can stop at its cap.
  indexes: [{ name: 'cross_references_part_oem', properties: ['part', 'oem'] }],
  triggers: [searchGenerationTrigger('cross_references')],
});
export type CrossReference = InferEntity<typeof CrossReference>;
