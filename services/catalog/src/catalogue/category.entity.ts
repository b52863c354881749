import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The category tree of the 'Grupos' tab (Spanish and English names); units hang off its leaves. */
export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    categoryId: p.text().primary(),
    key: p.text().unique('categories_key_key'),
    code: p.text(),
    nameEs: p.text(),
    nameEn: p.text(),
    parentKey: p.text().nullable(),
    sort: p.integer(),
  },
});
export type Category = InferEntity<typeof Category>;

/** Quick groups of the 'Detallado' tab, up to four levels, each gathering part types. */
export const QuickGroup = defineEntity({
  name: 'QuickGroup',
  tableName: 'quick_groups',
  properties: {
    quickGroupId: p.text().primary(),
    key: p.text().unique('quick_groups_key_key'),
    nameEs: p.text(),
    nameEn: p.text(),
    parentId: p.text().nullable(),
    depth: p.integer().check('depth >= 1 and depth <= 4'),
    partTypes: p.array<string>().columnType('text[]').defaultRaw(`'{}'`),
    sort: p.integer(),
  },
});
export type QuickGroup = InferEntity<typeof QuickGroup>;
