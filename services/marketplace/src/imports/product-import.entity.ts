import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ImportFormat, ImportStatus } from '@tuerca/contracts';
import { Store } from '../stores/store.entity.js';
import type { ImportIssue } from './spreadsheet.js';

/**
 * A seller's spreadsheet import: the uploaded file waits in `content` until the product-import job has
 * written it in full or rejected it; then only the outcome stays (counts and the first row errors).
 */
export const ProductImport = defineEntity({
  name: 'ProductImport',
  tableName: 'product_imports',
  properties: {
    id: p.uuid().primary(),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('product_imports_store_id_fkey'),
    fileName: p.text(),
    format: p.text().$type<ImportFormat>().check(`format in ('csv', 'xlsx')`),
    /** queued → running → imported | rejected; the row is the job's duty, the BullMQ job its alarm clock. */
    status: p.text().$type<ImportStatus>().check(`status in ('queued', 'running', 'imported', 'rejected')`),
    progress: p.smallint().default(0).check('progress >= 0 and progress <= 100'),
    rowCount: p.integer().default(0),
    inserted: p.integer().default(0),
    updated: p.integer().default(0),
    /** Exact, even when only the first errors are kept. */
    errorCount: p.integer().default(0),
    errors: p.json<ImportIssue[]>().columnType('jsonb').defaultRaw(`'[]'`),
    /** Rows imported with a remark (a brand label the store has not mapped to a PIES brand); exact, the first kept. */
    warningCount: p.integer().default(0),
    warnings: p.json<ImportIssue[]>().columnType('jsonb').defaultRaw(`'[]'`),
    /** The uploaded file, dropped once the import is finished either way. */
    content: p.blob().nullable().lazy(),
    createdBy: p.text(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'product_imports_store', expression: 'create index product_imports_store on product_imports (store_id, created_at desc)' },
    { name: 'product_imports_created', expression: 'create index product_imports_created on product_imports (created_at desc)' },
  ],
});
export type ProductImport = InferEntity<typeof ProductImport>;
