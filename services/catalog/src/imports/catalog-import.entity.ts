import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Every Auto Care file received: imported whole or rejected with its first errors (Spanish, with positions). */
export const CatalogImport = defineEntity({
  name: 'CatalogImport',
  tableName: 'catalog_imports',
  properties: {
    id: p.uuid().primary(),
    kind: p.text().$type<'aces' | 'pies'>().check(`kind in ('aces', 'pies')`),
    fileName: p.text(),
    status: p.text().$type<'imported' | 'rejected'>().check(`status in ('imported', 'rejected')`),
    recordCountDeclared: p.integer().nullable(),
    recordCountParsed: p.integer(),
    errorCount: p.integer().default(0),
    errors: p.json<{ path: string; message: string }[]>().columnType('jsonb').defaultRaw(`'[]'`),
    /** ACES: whose applications the file holds (acesSource). */
    source: p.text().nullable(),
    warningCount: p.integer().default(0),
    warnings: p.json<{ path: string; message: string; code?: string }[]>().columnType('jsonb').defaultRaw(`'[]'`),
    /** PIES: the store whose brand labels the file uses (resolved through its brand mappings), when one was named. */
    storeId: p.uuid().nullable(),
    createdBy: p.text(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [{ name: 'catalog_imports_created', expression: 'create index catalog_imports_created on catalog_imports (created_at desc)' }],
});
export type CatalogImport = InferEntity<typeof CatalogImport>;

/** An ACES application (`<App action="A">`): a part for a base vehicle, with its qualifiers. */
export const AcesApplication = defineEntity({
  name: 'AcesApplication',
  tableName: 'aces_applications',
  properties: {
    /** Whose application (the file header's brand, manufacturer code or company): ids repeat across files. */
    source: p.text().primary(),
    appId: p.text().primary(),
    action: p.text().$type<'A'>().check(`action in ('A')`),
    baseVehicleId: p.integer().index('aces_applications_vehicle'),
    engineBaseId: p.integer().nullable(),
    submodelId: p.integer().nullable(),
    qualifiers: p.json<unknown[]>().columnType('jsonb').defaultRaw(`'[]'`),
    qty: p.integer().check('qty > 0'),
    partTypeId: p.integer(),
    positionId: p.integer().nullable(),
    note: p.text().nullable(),
    partNumber: p.text(),
    brandAaiaid: p.text(),
    /** Vehicle attributes the importer does not filter by, kept as read (name, id, value). */
    attributes: p.json<unknown[]>().columnType('jsonb').defaultRaw(`'[]'`),
    import: () => p.manyToOne(CatalogImport).fieldName('import_id').foreignKeyName('aces_applications_import_id_fkey'),
  },
  indexes: [{ name: 'aces_applications_part', properties: ['brandAaiaid', 'partNumber'] }],
});
export type AcesApplication = InferEntity<typeof AcesApplication>;

/** A PIES 7.2 `Item`, one per brand and part number. */
export const PiesItem = defineEntity({
  name: 'PiesItem',
  tableName: 'pies_items',
  properties: {
    brandAaiaid: p.text().primary(),
    partNumber: p.text().primary(),
    partTerminologyId: p.integer(),
    descriptions: p.json<unknown[]>().columnType('jsonb').defaultRaw(`'[]'`),
    prices: p.json<unknown[]>().columnType('jsonb').defaultRaw(`'[]'`),
    attributes: p.json<unknown[]>().columnType('jsonb').defaultRaw(`'[]'`),
    import: () => p.manyToOne(CatalogImport).fieldName('import_id').foreignKeyName('pies_items_import_id_fkey'),
  },
});
export type PiesItem = InferEntity<typeof PiesItem>;
