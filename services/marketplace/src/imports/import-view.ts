import { t, type ImportDetail, type ImportSummary } from '@tuerca/contracts';
import type { ProductImport } from './product-import.entity.js';
import { issueText } from './spreadsheet.js';

/** An import's fields, from its entity or a typed Kysely row (its store by id). */
export type ImportRecord = Pick<
  ProductImport,
  | 'id'
  | 'fileName'
  | 'format'
  | 'status'
  | 'progress'
  | 'rowCount'
  | 'inserted'
  | 'updated'
  | 'errorCount'
  | 'warningCount'
  | 'createdBy'
  | 'createdAt'
  | 'finishedAt'
> & { store: string; errors?: ProductImport['errors']; warnings?: ProductImport['warnings'] };

/** The summary columns of a list (the errors stay out of lists). */
export const IMPORT_SUMMARY_COLUMNS = [
  'id',
  'store',
  'fileName',
  'format',
  'status',
  'progress',
  'rowCount',
  'inserted',
  'updated',
  'errorCount',
  'warningCount',
  'createdBy',
  'createdAt',
  'finishedAt',
] as const;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function importSummaryOf(r: ImportRecord): ImportSummary {
  return {
    id: r.id,
    storeId: r.store,
    fileName: r.fileName,
    format: r.format,
    status: r.status,
    progress: r.progress,
    rowCount: r.rowCount,
    inserted: r.inserted,
    updated: r.updated,
    errorCount: r.errorCount,
    warningCount: r.warningCount,
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt)!,
    finishedAt: iso(r.finishedAt),
  };
}

export function importDetailOf(r: ImportRecord): ImportDetail {
  return {
    ...importSummaryOf(r),
    errors: (r.errors ?? []).map((e) => ({ ...e, text: issueText(e) })),
    warnings: (r.warnings ?? []).map((e) => ({ ...e, text: issueText(e) })),
  };
}

/** What a finished import says to the seller: how many products it wrote, or how many errors kept it out. */
export function importOutcomeMessage(found: ImportDetail): string | null {
  if (found.status === 'imported') {
    const done = t('productImports.imported', { inserted: found.inserted, updated: found.updated });
    return found.warningCount > 0 ? `${done} ${t('productImports.unmappedBrands', { count: found.warningCount })}` : done;
  }
  if (found.status !== 'rejected') return null;
  const messages = [t('productImports.rejected', { count: found.errorCount })];
  if (found.errors.length < found.errorCount)
    messages.push(t('productImports.tooManyErrors', { shown: found.errors.length, count: found.errorCount }));
  return messages.join(' ');
}
