import { randomUUID } from 'node:crypto';
import { t, type CatalogImportBody, type CatalogImportKind, type CatalogImportResult } from '@tuerca/contracts';
import { ValidationError, kysely, type ContextDatabase } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import type { ImportIssue, ParseResult } from './xml.js';

export type Em = Parameters<Parameters<ContextDatabase['transactional']>[0]>[0];

/** At most this many errors are answered and kept with a rejected import (the count is always exact). */
export const MAX_REPORTED_ERRORS = 500;
const BATCH = 1000;

/** Thrown inside the transaction when the database finds record errors (deletions of unknown records): rolls it back. */
export class RejectedInTransaction extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super('import rejected');
  }
}

/** Rows in slices of BATCH, so one statement never carries more than a slice. */
export function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

export interface WriteCounts {
  upserted: number;
  deleted: number;
  crossReferencesPublished?: number;
}

/**
 * An Auto Care import, all or nothing: a file with any record error writes no record (only the rejected
 * import in the log, with its errors); a clean file is written in one transaction with its log row.
 */
export async function importFile<T>(
  db: ContextDatabase,
  kind: CatalogImportKind,
  body: CatalogImportBody,
  createdBy: string,
  parsed: ParseResult<T>,
  write: (em: Em, importId: string, records: T[]) => Promise<WriteCounts>,
  extra: { source?: string; warnings?: ImportIssue[]; storeId?: string } = {},
): Promise<CatalogImportResult> {
  const importId = randomUUID();
  const warnings = extra.warnings ?? [];
  const log = (em: Em, status: 'imported' | 'rejected', errors: ImportIssue[]) =>
    kysely<CatalogDB>(em)
      .insertInto('CatalogImport')
      .values({
        id: importId,
        kind,
        fileName: body.fileName,
        status,
        recordCountDeclared: parsed.declaredCount,
        recordCountParsed: parsed.records.length,
        errorCount: errors.length,
        errors: errors.slice(0, MAX_REPORTED_ERRORS),
        createdBy,
        source: extra.source || null,
        storeId: extra.storeId ?? null,
        warningCount: warnings.length,
        warnings: warnings.slice(0, MAX_REPORTED_ERRORS),
        createdAt: new Date(),
      })
      .execute();
  let issues = parsed.errors;
  if (issues.length === 0) {
    try {
      const counts = await db.transactional(async (em) => {
        await log(em, 'imported', []);
        return write(em, importId, parsed.records);
      });
      return {
        importId,
        kind,
        fileName: body.fileName,
        recordCount: parsed.records.length,
        ...counts,
        ...(extra.source ? { source: extra.source } : {}),
        warningCount: warnings.length,
        warnings: warnings.slice(0, MAX_REPORTED_ERRORS).map((w) => `${w.path}: ${w.message}`),
        warningDetails: warnings.slice(0, MAX_REPORTED_ERRORS),
      };
    } catch (error) {
      if (!(error instanceof RejectedInTransaction)) throw error;
      issues = error.issues;
    }
  }
  await db.transactional((em) => log(em, 'rejected', issues));
  const shown = issues.slice(0, MAX_REPORTED_ERRORS);
  const messages = [t('catalogImports.rejected', { count: issues.length })];
  if (shown.length < issues.length) messages.push(t('catalogImports.tooManyErrors', { shown: shown.length, count: issues.length }));
  throw new ValidationError([...messages, ...shown.map((i) => `${i.path}: ${i.message}`)], shown);
}
