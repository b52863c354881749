import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductsImported, t, type Actor, type AdminListQuery, type ListQuery } from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  Jobs,
  LoginRequiredError,
  NotFoundError,
  ValidationError,
  adminOrderBy,
  adminWindow,
  parseInput,
  recordEvent,
  type Visitor,
} from '@tuerca/platform';
import { actingStoreId, canManageStore } from '../stores/store-access.js';
import { parseCsv } from './csv.parser.js';
import { parseXlsx } from './xlsx.parser.js';
import { validateSheet, type ValidationResult } from './rows.js';
import { writeRows } from './import-writer.js';
import { PRODUCT_IMPORT_ATTEMPTS, ProductImportJob, productImportJobId } from './product-import.job.js';
import { SpreadsheetError, checkFileSize, formatOf, issueText, type ImportIssue, type SpreadsheetFormat } from './spreadsheet.js';
import {
  importListFilterSchema,
  type AdminImportFilter,
  type ImportBody,
  type ImportDetail,
  type ImportStatus,
  type ImportSummary,
} from './imports.routes.js';

/** The BullMQ job a handler receives (through the platform's Jobs wrapper). */
type Job = Parameters<Parameters<Jobs['handle']>[1]>[1];

/** At most this many row errors are kept with a rejected import (error_count is always exact). */
export const MAX_KEPT_ERRORS = 500;
/** Progress is written every this many rows while validating. */
export const PROGRESS_EVERY = 500;

interface ImportRow {
  id: string;
  store_id: string;
  file_name: string;
  format: SpreadsheetFormat;
  status: ImportStatus;
  progress: number;
  row_count: number;
  inserted: number;
  updated: number;
  error_count: number;
  errors?: ImportIssue[];
  created_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const SUMMARY = `id, store_id, file_name, format, status, progress, row_count, inserted, updated, error_count, created_by, created_at, finished_at`;

const ADMIN_SORT = {
  id: 'id',
  createdAt: 'created_at',
  finishedAt: 'finished_at',
  fileName: 'file_name',
  status: 'status',
  format: 'format',
  storeId: 'store_id',
  rowCount: 'row_count',
  errorCount: 'error_count',
  progress: 'progress',
} as const;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function summaryOf(r: ImportRow): ImportSummary {
  return {
    id: r.id,
    storeId: r.store_id,
    fileName: r.file_name,
    format: r.format,
    status: r.status,
    progress: r.progress,
    rowCount: r.row_count,
    inserted: r.inserted,
    updated: r.updated,
    errorCount: r.error_count,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
  };
}

function detailOf(r: ImportRow): ImportDetail {
  return { ...summaryOf(r), errors: (r.errors ?? []).map((e) => ({ ...e, text: issueText(e) })) };
}

/** The file's bytes, or a Spanish 400: an unknown extension, an empty or too large file. */
function decodeUpload(body: ImportBody): { format: SpreadsheetFormat; bytes: Buffer } {
  const refuse = (path: string, message: string): never => {
    throw new ValidationError([message], [{ path, message }]);
  };
  const format = formatOf(body.fileName) ?? refuse('fileName', t('productImports.unsupportedFormat'));
  const bytes = Buffer.from(body.contentBase64.replace(/\s+/g, ''), 'base64');
  try {
    checkFileSize(bytes);
  } catch (error) {
    if (error instanceof SpreadsheetError) refuse('contentBase64', error.message);
    throw error;
  }
  return { format, bytes };
}

/** A plain `where` builder for raw SQL. */
function whereOf() {
  const parts: string[] = [];
  const params: unknown[] = [];
  return {
    add(sql: string, ...values: unknown[]) {
      parts.push(sql);
      params.push(...values);
    },
    get sql() {
      return parts.length ? `where ${parts.join(' and ')}` : '';
    },
    params,
  };
}

/**
 * Sellers' catalogue imports from spreadsheets. The upload is stored and queued (BullMQ job
 * `product-import`); the job reads the file, validates every row and then writes all of it in one
 * transaction, or nothing: any error rejects the import with its row errors in Spanish.
 */
@Injectable()
export class ProductImportsService implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(ProductImportJob, ({ importId }, job) => this.runJob(importId, job));
  }

  /** Stores the upload and queues its job; 403 for another store, 404 for a store that does not exist. */
  async enqueue(visitor: Visitor, body: ImportBody, actor: Actor): Promise<ImportDetail> {
    const storeId = actingStoreId(visitor, body.storeId);
    const { format, bytes } = decodeUpload(body);
    const id = randomUUID();
    const row = await this.db.transactional(async (em) => {
      const store = await em.execute<{ id: string }[]>(`select id from stores where id = ?`, [storeId]);
      if (store.length === 0) throw new NotFoundError();
      const [created] = await em.execute<ImportRow[]>(
        `insert into product_imports (id, store_id, file_name, format, status, content, created_by, created_at)
         values (?, ?, ?, ?, 'queued', ?, ?, ?) returning ${SUMMARY}, errors`,
        [id, storeId, body.fileName, format, bytes, actor.id, this.clock.now()],
      );
      return created!;
    });
    try {
      await this.jobs.schedule(ProductImportJob, { importId: id }, { jobId: productImportJobId(id), attempts: PRODUCT_IMPORT_ATTEMPTS });
    } catch (error) {
      await this.finishRejected(id, [{ row: null, column: null, message: t('productImports.failed') }], 0);
      throw error;
    }
    return detailOf(row);
  }

  /** GET /api/catalogo/products/imports: the store's imports (operators: every store's unless they name one). */
  async list(visitor: Visitor, query: ListQuery): Promise<{ rows: ImportSummary[]; total: number }> {
    const filter = parseInput(importListFilterSchema, query.filter);
    const where = whereOf();
    const storeId = this.scope(visitor, filter.storeId);
    if (storeId) where.add('store_id = ?', storeId);
    if (filter.status) where.add('status = ?', filter.status);
    const em = this.db.em();
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from product_imports ${where.sql}`, where.params);
    const rows = await em.execute<ImportRow[]>(
      `select ${SUMMARY} from product_imports ${where.sql} order by created_at desc, id desc limit ? offset ?`,
      [...where.params, query.pageSize, query.page * query.pageSize],
    );
    return { rows: rows.map(summaryOf), total: Number(count?.n ?? 0) };
  }

  /** One import with its errors; another store's import is 404 (its existence is not revealed). */
  async one(visitor: Visitor, id: string): Promise<ImportDetail> {
    if (!visitor.user) throw new LoginRequiredError();
    const [row] = await this.db.em().execute<ImportRow[]>(`select ${SUMMARY}, errors from product_imports where id = ?`, [id]);
    if (!row || !canManageStore(visitor, row.store_id)) throw new NotFoundError(t('productImports.notFound'));
    return detailOf(row);
  }

  /** /admin-api/product-imports in ra-data-simple-rest's dialect; sellers see their own store's only. */
  async adminList(
    visitor: Visitor,
    filter: AdminImportFilter,
    query: AdminListQuery,
  ): Promise<{ rows: ImportDetail[]; total: number; start: number }> {
    const where = whereOf();
    const storeId = this.scope(visitor, filter.storeId);
    if (storeId) where.add('store_id = ?', storeId);
    if (filter.status) where.add('status = ?', filter.status);
    if (filter.format) where.add('format = ?', filter.format);
    if (filter.q) where.add(`file_name ilike ?`, `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`);
    const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    if (ids) where.add('id::text = any(?::text[])', `{${ids.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
    const orderBy = adminOrderBy(query.sort, ADMIN_SORT, { field: 'createdAt', order: 'DESC' });
    const window = adminWindow(query, ids);
    const em = this.db.em();
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from product_imports ${where.sql}`, where.params);
    const rows = await em.execute<ImportRow[]>(
      `select ${SUMMARY}, '[]'::jsonb as errors from product_imports ${where.sql} order by ${orderBy} limit ? offset ?`,
      [...where.params, window.limit, window.offset],
    );
    return { rows: rows.map(detailOf), total: Number(count?.n ?? 0), start: window.offset };
  }

  /** Operators may look across every store; sellers and store admins only at their own. */
  private scope(visitor: Visitor, storeId: string | undefined): string | null {
    if (!visitor.user) throw new LoginRequiredError();
    if (visitor.user.roles.includes('operator')) return storeId ?? null;
    return actingStoreId(visitor, storeId);
  }

  /** The job: on the last failed attempt the import is rejected as failed, so it never stays running. */
  private async runJob(importId: string, job: Job): Promise<void> {
    try {
      await this.run(importId, job);
    } catch (error) {
      const attempts = job.opts.attempts ?? 1;
      if (job.attemptsMade + 1 >= attempts)
        await this.finishRejected(importId, [{ row: null, column: null, message: t('productImports.failed') }], 0);
      throw error;
    }
  }

  /** Reads, validates and writes one queued import (idempotent: a finished import is left as it is). */
  async run(importId: string, job?: Pick<Job, 'updateProgress'>): Promise<void> {
    const [claimed] = await this.db
      .em()
      .execute<{ id: string; store_id: string; format: SpreadsheetFormat; content: Buffer | null; created_by: string }[]>(
        `update product_imports set status = 'running', progress = 0 where id = ? and status in ('queued', 'running') and content is not null
       returning id, store_id, format, content, created_by`,
        [importId],
      );
    if (!claimed?.content) return;
    const report = async (progress: number) => {
      await this.db.em().execute(`update product_imports set progress = ? where id = ? and status = 'running'`, [progress, importId]);
      await job?.updateProgress(progress);
    };
    let result: ValidationResult;
    try {
      const bytes = new Uint8Array(claimed.content);
      const sheet = claimed.format === 'csv' ? parseCsv(bytes) : parseXlsx(bytes);
      await report(5);
      result = await validateSheet(sheet, (done, total) => report(5 + Math.floor((45 * done) / total)), PROGRESS_EVERY);
    } catch (error) {
      if (error instanceof SpreadsheetError) return this.finishRejected(importId, [error.issue], 0);
      throw error;
    }
    if (result.issues.length > 0) return this.finishRejected(importId, result.issues, result.rowCount);
    await report(50);
    await this.finishImported(claimed.store_id, importId, claimed.created_by, result, report);
  }

  private async finishImported(
    storeId: string,
    importId: string,
    createdBy: string,
    result: ValidationResult,
    report: (progress: number) => Promise<void>,
  ): Promise<void> {
    const actor: Actor = { kind: 'user', id: createdBy };
    const total = result.rows.length;
    await this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      const now = this.clock.now();
      const counts = await writeRows(result.rows, {
        em,
        storeId,
        now,
        actor,
        fields: new Set(result.fields),
        onBatch: (done) => report(Math.min(99, 50 + Math.floor((49 * done) / total))),
      });
      await em.execute(
        `update product_imports set status = 'imported', progress = 100, row_count = ?, inserted = ?, updated = ?, error_count = 0,
           errors = '[]', content = null, finished_at = ? where id = ?`,
        [result.rowCount, counts.inserted, counts.updated, now, importId],
      );
      recordEvent(
        em,
        ProductsImported,
        { importId, storeId, status: 'imported', rows: result.rowCount, errors: 0 },
        { aggregateId: importId, actor, occurredAt: now },
      );
    });
  }

  private async finishRejected(importId: string, issues: ImportIssue[], rowCount: number): Promise<void> {
    await this.db.transactional(async (tx) => {
      const em = tx as EntityManager;
      const now = this.clock.now();
      const [row] = await em.execute<{ store_id: string; created_by: string }[]>(
        `update product_imports set status = 'rejected', progress = 100, row_count = ?, inserted = 0, updated = 0, error_count = ?,
           errors = ?::jsonb, content = null, finished_at = ? where id = ? and status in ('queued', 'running') returning store_id, created_by`,
        [rowCount, issues.length, JSON.stringify(issues.slice(0, MAX_KEPT_ERRORS)), now, importId],
      );
      if (!row) return;
      recordEvent(
        em,
        ProductsImported,
        { importId, storeId: row.store_id, status: 'rejected', rows: rowCount, errors: issues.length },
        { aggregateId: importId, actor: { kind: 'user', id: row.created_by }, occurredAt: now },
      );
    });
  }
}
