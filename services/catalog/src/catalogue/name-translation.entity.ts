import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Names of categories, units, parts and quick groups in the catalogue languages other than Spanish and
 * English (spec 001 §9: 27 languages), keyed by the Spanish name the catalogue writes; a name without a row
 * is shown in Spanish.
 */
export const NameTranslation = defineEntity({
  name: 'NameTranslation',
  tableName: 'name_translations',
  properties: {
    language: p.text().primary(),
    nameEs: p.text().primary(),
    name: p.text(),
  },
});
export type NameTranslation = InferEntity<typeof NameTranslation>;
