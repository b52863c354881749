import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductsImported, brandLabelKey, t, type Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { readCsv } from './csv.reader.js';
import { resolveImportBrands, type MappedBrand } from './import-brands.rules.js';
import { writeRows } from './import-writer.js';
import { validateSheet, type ValidationResult } from './rows.js';
import { SpreadsheetError, type ImportIssue } from './spreadsheet.js';
import { readXlsx } from './xlsx.reader.js';

/** At most this many row errors are kept with a rejected import (error_count is always exact). */
export const MAX_KEPT_ERRORS = 500;
/** Progress is written every this many rows while validating. */
export const PROGRESS_EVERY = 500;

/**
 * The product-import job's work: claims a queued import, reads its file (streaming, under caps), validates
 * every row, then writes the whole file in one transaction and marks it imported, or writes nothing and
 * marks it rejected with its row errors in Spanish. A finished import is left as it is (idempotent).
 */
export class RunProductImport extends Command<void> {
  constructor(
    readonly importId: string,
    readonly job: {
      /** The job's last attempt: a failure outside the file then rejects the import instead of leaving it running. */
      lastAttempt?: boolean;
      onProgress?: (progress: number) => Promise<void>;
    } = {},
  ) {
    super();
  }
}

/** Marks a queued or running import rejected with its problems (ProductsImported), dropping its file. */
export class RejectProductImport extends Command<void> {
  constructor(
    readonly importId: string,
    readonly issues: ImportIssue[],
    readonly rowCount: number,
  ) {
    super();
  }
}

@CommandHandler(RunProductImport)
export class RunProductImportHandler implements ICommandHandler<RunProductImport> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly commands: CommandBus,
  ) {}

  async execute({ importId, job }: RunProductImport): Promise<void> {
    try {
      await this.run(importId, job.onProgress);
    } catch (error) {
      if (job.lastAttempt)
        await this.commands.execute(
          new RejectProductImport(importId, [{ row: null, column: null, message: t('productImports.failed') }], 0),
        );
      throw error;
    }
  }

  private async run(importId: string, onProgress?: (progress: number) => Promise<void>): Promise<void> {
    const db = kysely<MarketplaceDB>(this.db.em());
    const claimed = await db
      .updateTable('ProductImport')
      .set({ status: 'running', progress: 0 })
      .where('id', '=', importId)
      .where('status', 'in', ['queued', 'running'])
      .where('content', 'is not', null)
      .returning(['id', 'store', 'format', 'content', 'createdBy'])
      .executeTakeFirst();
    if (!claimed?.content) return;
    const report = async (progress: number) => {
      await db.updateTable('ProductImport').set({ progress }).where('id', '=', importId).where('status', '=', 'running').execute();
      await onProgress?.(progress);
    };
    let result: ValidationResult;
    try {
      const bytes = new Uint8Array(claimed.content);
      const sheet = claimed.format === 'csv' ? await readCsv(bytes) : await readXlsx(bytes);
      await report(5);
      result = await validateSheet(sheet, (done, total) => report(5 + Math.floor((45 * done) / total)), PROGRESS_EVERY);
    } catch (error) {
      if (error instanceof SpreadsheetError) return this.commands.execute(new RejectProductImport(importId, [error.issue], 0));
      throw error;
    }
    if (result.issues.length > 0) return this.commands.execute(new RejectProductImport(importId, result.issues, result.rowCount));
    const mappings = await this.mappingsOf(claimed.store, result.rows);
    const brands = resolveImportBrands(result.rows, mappings.found, result.brandColumn, mappings.storeMapsBrands);
    if (brands.issues.length > 0) return this.commands.execute(new RejectProductImport(importId, brands.issues, result.rowCount));
    const rows = brands.rows;
    await report(50);
    const actor: Actor = { kind: 'user', id: claimed.createdBy };
    const total = rows.length;
    await this.db.transactional(async (em) => {
      const now = this.clock.now();
      const counts = await writeRows(rows, {
        em,
        storeId: claimed.store,
        now,
        actor,
        fields: new Set(result.fields),
        onBatch: (done) => report(Math.min(99, 50 + Math.floor((49 * done) / total))),
      });
      await kysely<MarketplaceDB>(em)
        .updateTable('ProductImport')
        .set({
          status: 'imported',
          progress: 100,
          rowCount: result.rowCount,
          inserted: counts.inserted,
          updated: counts.updated,
          errorCount: 0,
          errors: [],
          warningCount: brands.warnings.length,
          warnings: brands.warnings.slice(0, MAX_KEPT_ERRORS),
          content: null,
          finishedAt: now,
        })
        .where('id', '=', importId)
        .execute();
      recordEvent(
        em,
        ProductsImported,
        { importId, storeId: claimed.store, status: 'imported', rows: result.rowCount, errors: 0 },
        { aggregateId: importId, actor, occurredAt: now },
      );
    });
  }

  /** The store's mappings of the file's brand labels, from the marketplace's copy of integrations' mappings (the latest per label). */
  private async mappingsOf(
    storeId: string,
    rows: ValidationResult['rows'],
  ): Promise<{ found: Map<string, MappedBrand>; storeMapsBrands: boolean }> {
    const keys = [...new Set(rows.map((r) => brandLabelKey(r.input.manufacturer_title)))].filter(Boolean);
    const found = new Map<string, MappedBrand>();
    const any = await kysely<MarketplaceDB>(this.db.em())
      .selectFrom('BrandMapping')
      .select('id')
      .where('storeId', '=', storeId)
      .limit(1)
      .execute();
    if (any.length === 0) return { found, storeMapsBrands: false };
    for (let i = 0; i < keys.length; i += 5000) {
      const mappings = await kysely<MarketplaceDB>(this.db.em())
        .selectFrom('BrandMapping')
        .select(['brandKey', 'brandAaiaid', 'brandName'])
        .where('storeId', '=', storeId)
        .where('brandKey', 'in', keys.slice(i, i + 5000))
        .orderBy('updatedAt')
        .execute();
      for (const m of mappings) found.set(m.brandKey, { brandAaiaid: m.brandAaiaid, brandName: m.brandName });
    }
    return { found, storeMapsBrands: true };
  }
}

@CommandHandler(RejectProductImport)
export class RejectProductImportHandler implements ICommandHandler<RejectProductImport> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  execute({ importId, issues, rowCount }: RejectProductImport): Promise<void> {
    return this.db.transactional(async (em) => {
      const now = this.clock.now();
      const row = await kysely<MarketplaceDB>(em)
        .updateTable('ProductImport')
        .set({
          status: 'rejected',
          progress: 100,
          rowCount,
          inserted: 0,
          updated: 0,
          errorCount: issues.length,
          errors: issues.slice(0, MAX_KEPT_ERRORS),
          content: null,
          finishedAt: now,
        })
        .where('id', '=', importId)
        .where('status', 'in', ['queued', 'running'])
        .returning(['store', 'createdBy'])
        .executeTakeFirst();
      if (!row) return;
      recordEvent(
        em,
        ProductsImported,
        { importId, storeId: row.store, status: 'rejected', rows: rowCount, errors: issues.length },
        { aggregateId: importId, actor: { kind: 'user', id: row.createdBy }, occurredAt: now },
      );
    });
  }
}
