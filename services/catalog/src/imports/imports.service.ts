import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { t } from '@tuerca/contracts';
import { ContextDatabase, ValidationError } from '@tuerca/platform';
import { acesPath, parseAces, type AcesApplication } from './aces.parser.js';
import { parsePies, piesPath, type PiesItem } from './pies.parser.js';
import { normalizeReference } from '../substitutions/substitutions.rules.js';
import { MAX_REFERENCES } from '../cross-references/cross-references.routes.js';
import { listsOf, lockCrossReferences, recordLists, rowsOf } from '../cross-references/cross-references.store.js';
import type { ImportBody, ImportListQuery } from './imports.routes.js';
import type { ImportIssue, ParseResult } from './xml.js';

type Kind = 'aces' | 'pies';
type Em = Parameters<Parameters<ContextDatabase['transactional']>[0]>[0];

/** At most this many errors are answered and kept with a rejected import (the count is always exact). */
export const MAX_REPORTED_ERRORS = 500;
const BATCH = 1000;

export interface ImportResult {
  importId: string;
  kind: Kind;
  fileName: string;
  recordCount: number;
  upserted: number;
  deleted: number;
  /** PIES: OEM numbers whose cross-references the file's interchanges changed (each published). */
  crossReferencesPublished?: number;
  /** ACES: whose applications these are (the header's brand, manufacturer code or company). */
  source?: string;
  /** Problems that did not stop the import (attributes kept but not used to filter), counted exactly, the first ones shown. */
  warningCount: number;
  warnings: string[];
}

interface ImportRow {
  id: string;
  kind: Kind;
  file_name: string;
  status: 'imported' | 'rejected';
  record_count_declared: number | null;
  record_count_parsed: number;
  error_count: number;
  source: string | null;
  warning_count: number;
  created_by: string;
  created_at: Date | string;
}

/** Thrown inside the transaction when the database finds record errors (deletions of unknown records): rolls it back. */
class RejectedInTransaction extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super('import rejected');
  }
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * ACES and PIES imports, all or nothing: a file with any record error writes no record (only the
 * rejected import in the log, with its errors); a clean file is written in one transaction.
 */
@Injectable()
export class CatalogImportsService {
  constructor(private readonly db: ContextDatabase) {}

  importAces(body: ImportBody, createdBy: string): Promise<ImportResult> {
    const parsed = parseAces(body.xml);
    const source = parsed.header.source ?? '';
    return this.run('aces', body, createdBy, parsed, (em, id, records) => this.writeAces(em, id, source, records), {
      source,
      warnings: parsed.warnings,
    });
  }

  importPies(body: ImportBody, createdBy: string): Promise<ImportResult> {
    return this.run('pies', body, createdBy, parsePies(body.xml), (em, id, records) => this.writePies(em, id, records, createdBy));
  }

  async list(query: ImportListQuery): Promise<{ rows: ReturnType<typeof summaryOf>[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.kind) {
      where.push('kind = ?');
      params.push(query.kind);
    }
    if (query.status) {
      where.push('status = ?');
      params.push(query.status);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const em = this.db.em();
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from catalog_imports ${clause}`, params);
    const rows = await em.execute<ImportRow[]>(
      `select id, kind, file_name, status, record_count_declared, record_count_parsed, error_count, source, warning_count, created_by, created_at
       from catalog_imports ${clause} order by created_at desc, id limit ? offset ?`,
      [...params, query.pageSize, query.page * query.pageSize],
    );
    return { rows: rows.map(summaryOf), total: Number(count?.n ?? 0) };
  }

  private async run<T>(
    kind: Kind,
    body: ImportBody,
    createdBy: string,
    parsed: ParseResult<T>,
    write: (em: Em, importId: string, records: T[]) => Promise<{ upserted: number; deleted: number; crossReferencesPublished?: number }>,
    extra: { source?: string; warnings?: ImportIssue[] } = {},
  ): Promise<ImportResult> {
    const importId = randomUUID();
    const warnings = extra.warnings ?? [];
    const log = (em: Em, status: 'imported' | 'rejected', errors: ImportIssue[]) =>
      em.execute(
        `insert into catalog_imports (id, kind, file_name, status, record_count_declared, record_count_parsed, error_count, errors, created_by,
           source, warning_count, warnings)
         values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::jsonb)`,
        [
          importId,
          kind,
          body.fileName,
          status,
          parsed.declaredCount,
          parsed.records.length,
          errors.length,
          JSON.stringify(errors.slice(0, MAX_REPORTED_ERRORS)),
          createdBy,
          extra.source || null,
          warnings.length,
          JSON.stringify(warnings.slice(0, MAX_REPORTED_ERRORS)),
        ],
      );
    let issues = parsed.errors;
    if (issues.length === 0) {
      try {
        const counts = await this.db.transactional(async (em) => {
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
        };
      } catch (error) {
        if (!(error instanceof RejectedInTransaction)) throw error;
        issues = error.issues;
      }
    }
    await this.db.transactional((em) => log(em, 'rejected', issues));
    const shown = issues.slice(0, MAX_REPORTED_ERRORS);
    const messages = [t('catalogImports.rejected', { count: issues.length })];
    if (shown.length < issues.length) messages.push(t('catalogImports.tooManyErrors', { shown: shown.length, count: issues.length }));
    throw new ValidationError([...messages, ...shown.map((i) => `${i.path}: ${i.message}`)], shown);
  }

  /** ACES applications are keyed by (source, App id): another brand's file with the same ids never touches these. */
  private async writeAces(em: Em, importId: string, source: string, records: AcesApplication[]) {
    const deletions = records.filter((r) => r.action === 'D');
    const additions = records.filter((r) => r.action === 'A');
    let deleted = 0;
    const missing: ImportIssue[] = [];
    for (const batch of chunks(deletions)) {
      const gone = await em.execute<{ app_id: string }[]>(
        `delete from aces_applications where source = ? and app_id in (select jsonb_array_elements_text(?::jsonb)) returning app_id`,
        [source, JSON.stringify(batch.map((r) => r.appId))],
      );
      const found = new Set(gone.map((g) => g.app_id));
      deleted += found.size;
      for (const r of batch)
        if (!found.has(r.appId))
          missing.push({ path: acesPath(r.position, r.appId), message: t('catalogImports.applicationNotFound', { id: r.appId }) });
    }
    if (missing.length) throw new RejectedInTransaction(missing);
    for (const batch of chunks(additions)) {
      const rows = batch.map((r) => ({
        app_id: r.appId,
        base_vehicle_id: r.baseVehicleId,
        engine_base_id: r.engineBaseId,
        submodel_id: r.subModelId,
        qualifiers: r.qualifiers,
        qty: r.qty,
        part_type_id: r.partTypeId,
        position_id: r.positionId,
        note: r.note,
        part_number: r.partNumber,
        brand_aaiaid: r.brandAaiaId,
        attributes: r.attributes,
      }));
      await em.execute(
        `insert into aces_applications (source, app_id, action, base_vehicle_id, engine_base_id, submodel_id, qualifiers, qty, part_type_id, position_id, note,
           part_number, brand_aaiaid, attributes, import_id)
         select ?, r.app_id, 'A', r.base_vehicle_id, r.engine_base_id, r.submodel_id, coalesce(r.qualifiers, '[]'), r.qty, r.part_type_id, r.position_id, r.note,
           r.part_number, r.brand_aaiaid, coalesce(r.attributes, '[]'), ?
         from jsonb_to_recordset(?::jsonb) as r(app_id text, base_vehicle_id int, engine_base_id int, submodel_id int, qualifiers jsonb, qty int,
           part_type_id int, position_id int, note text, part_number text, brand_aaiaid text, attributes jsonb)
         on conflict (source, app_id) do update set base_vehicle_id = excluded.base_vehicle_id, engine_base_id = excluded.engine_base_id,
           submodel_id = excluded.submodel_id, qualifiers = excluded.qualifiers, qty = excluded.qty, part_type_id = excluded.part_type_id,
           position_id = excluded.position_id, note = excluded.note, part_number = excluded.part_number, brand_aaiaid = excluded.brand_aaiaid,
           attributes = excluded.attributes, import_id = excluded.import_id`,
        [source, importId, JSON.stringify(rows)],
      );
    }
    return { upserted: additions.length, deleted };
  }

  private async writePies(em: Em, importId: string, records: PiesItem[], createdBy: string) {
    const deletions = records.filter((r) => r.action === 'D');
    const upserts = records.filter((r) => r.action !== 'D');
    let deleted = 0;
    const missing: ImportIssue[] = [];
    for (const batch of chunks(deletions)) {
      const gone = await em.execute<{ brand_aaiaid: string; part_number: string }[]>(
        `delete from pies_items p using jsonb_to_recordset(?::jsonb) as k(brand_aaiaid text, part_number text)
         where p.brand_aaiaid = k.brand_aaiaid and p.part_number = k.part_number returning p.brand_aaiaid, p.part_number`,
        [JSON.stringify(batch.map((r) => ({ brand_aaiaid: r.brandAaiaId, part_number: r.partNumber })))],
      );
      const found = new Set(gone.map((g) => `${g.brand_aaiaid}|${g.part_number}`));
      deleted += found.size;
      for (const r of batch) {
        if (!found.has(`${r.brandAaiaId}|${r.partNumber}`)) {
          missing.push({
            path: piesPath(r.position, r.partNumber),
            message: t('catalogImports.itemNotFound', { partNumber: r.partNumber, brand: r.brandAaiaId }),
          });
        }
      }
    }
    if (missing.length) throw new RejectedInTransaction(missing);
    for (const batch of chunks(upserts)) {
      const rows = batch.map((r) => ({
        part_number: r.partNumber,
        brand_aaiaid: r.brandAaiaId,
        part_terminology_id: r.partTerminologyId,
        descriptions: r.descriptions,
        prices: r.prices,
        attributes: r.attributes,
      }));
      await em.execute(
        `insert into pies_items (part_number, brand_aaiaid, part_terminology_id, descriptions, prices, attributes, import_id)
         select r.part_number, r.brand_aaiaid, r.part_terminology_id, r.descriptions, r.prices, r.attributes, ?
         from jsonb_to_recordset(?::jsonb) as r(part_number text, brand_aaiaid text, part_terminology_id int, descriptions jsonb, prices jsonb, attributes jsonb)
         on conflict (brand_aaiaid, part_number) do update set part_terminology_id = excluded.part_terminology_id,
           descriptions = excluded.descriptions, prices = excluded.prices, attributes = excluded.attributes, import_id = excluded.import_id`,
        [importId, JSON.stringify(rows)],
      );
    }
    const crossReferencesPublished = await this.writeInterchanges(em, upserts, createdBy);
    return { upserted: upserts.length, deleted, crossReferencesPublished };
  }

  /**
   * PIES interchange → cross-references (mapping in the README): an Item that interchanges with an OEM
   * number of the catalogue (`parts.oem_normalized`) becomes a cross-reference of that number; a
   * deleted interchange (`MaintenanceType="D"`) removes it. Every OEM number whose list changed is
   * published (CrossReferencesPublished) in the import's transaction.
   */
  private async writeInterchanges(em: Em, items: PiesItem[], createdBy: string): Promise<number> {
    const pairs = items.flatMap((item) =>
      item.interchanges.map((x) => ({ item, x, oem: normalizeReference(x.partNumber), part: normalizeReference(item.partNumber) })),
    );
    const wanted = pairs.filter((p) => p.oem && p.part && p.oem !== p.part && p.oem.length <= 60 && p.part.length <= 60);
    if (wanted.length === 0) return 0;
    await lockCrossReferences(em);
    const known = new Map<string, KnownOem[]>();
    for (const batch of chunks([...new Set(wanted.map((p) => p.oem))])) {
      const rows = await em.execute<KnownOem[]>(
        `select distinct on (oem_normalized, upper(manufacturer)) oem_normalized, oem, manufacturer, catalog_code, part_type, name_es
         from parts where oem_normalized in (select jsonb_array_elements_text(?::jsonb)) order by oem_normalized, upper(manufacturer), catalog_code, part_id`,
        [JSON.stringify(batch)],
      );
      for (const r of rows) known.set(r.oem_normalized, [...(known.get(r.oem_normalized) ?? []), r]);
    }
    const firstItem = new Map<string, PiesItem>();
    const removals = new Map<string, { oem_normalized: string; part_normalized: string; part_manufacturer: string }>();
    const additions = new Map<string, Record<string, string>>();
    for (const { item, x, oem, part } of wanted) {
      const candidates = known.get(oem);
      if (!candidates) continue; // a competitor's number, or an OEM number the catalogue does not have
      const brand = x.brandLabel.toUpperCase();
      const target = candidates.find((c) => c.manufacturer.toUpperCase() === brand) ?? candidates[0]!;
      const partManufacturer = item.brandLabel.toUpperCase();
      const key = `${oem}\u0000${partManufacturer}\u0000${part}`;
      if (!firstItem.has(oem)) firstItem.set(oem, item);
      if (x.action === 'D') {
        additions.delete(key);
        removals.set(key, { oem_normalized: oem, part_normalized: part, part_manufacturer: partManufacturer });
        continue;
      }
      additions.set(key, {
        id: randomUUID(),
        oem: target.oem,
        oem_normalized: oem,
        manufacturer: target.manufacturer,
        catalog_code: target.catalog_code,
        part_type: target.part_type,
        type: x.quantity !== null && x.quantity !== 1 ? 'part whole' : 'replacement',
        way: 'forward',
        part_manufacturer: partManufacturer,
        part_formatted: item.partNumber,
        part_normalized: part,
        part_name: target.name_es,
      });
    }
    const changed = new Set<string>();
    for (const batch of chunks([...removals.values()])) {
      const gone = await em.execute<{ oem_normalized: string }[]>(
        `delete from cross_references x using jsonb_to_recordset(?::jsonb) as k(oem_normalized text, part_normalized text, part_manufacturer text)
         where x.oem_normalized = k.oem_normalized and x.part_normalized = k.part_normalized and upper(x.part_manufacturer) = k.part_manufacturer
         returning x.oem_normalized`,
        [JSON.stringify(batch)],
      );
      for (const g of gone) changed.add(g.oem_normalized);
    }
    for (const batch of chunks([...additions.values()])) {
      // A cross-reference the catalogue already has keeps its type and way (an operator's word wins over the file).
      const added = await em.execute<{ oem_normalized: string }[]>(
        `insert into cross_references (id, oem, oem_normalized, manufacturer, catalog_code, part_type, type, way, part_manufacturer, part_formatted, part_normalized, part_name)
         select r.id, r.oem, r.oem_normalized, r.manufacturer, r.catalog_code, r.part_type, r.type, r.way, r.part_manufacturer, r.part_formatted, r.part_normalized, r.part_name
         from jsonb_to_recordset(?::jsonb) as r(id text, oem text, oem_normalized text, manufacturer text, catalog_code text, part_type text, type text, way text,
           part_manufacturer text, part_formatted text, part_normalized text, part_name text)
         where not exists (select 1 from cross_references x
           where x.oem_normalized = r.oem_normalized and x.part_normalized = r.part_normalized and upper(x.part_manufacturer) = r.part_manufacturer)
         returning oem_normalized`,
        [JSON.stringify(batch)],
      );
      for (const a of added) changed.add(a.oem_normalized);
    }
    const oems = [...changed].sort();
    const fallback = new Map(oems.map((o) => [o, { oem: known.get(o)![0]!.oem, manufacturer: known.get(o)![0]!.manufacturer }]));
    const tooMany: ImportIssue[] = [];
    const actor = { kind: 'user' as const, id: createdBy };
    for (const batch of chunks(oems)) {
      const lists = listsOf(await rowsOf(em, batch), batch, fallback);
      for (const l of lists) {
        if (l.total <= MAX_REFERENCES) continue;
        const item = firstItem.get(l.payload.oemNormalized)!;
        tooMany.push({
          path: piesPath(item.position, item.partNumber),
          message: t('crossReferences.tooMany', { oem: l.payload.oem, count: l.total, max: MAX_REFERENCES }),
        });
      }
      if (tooMany.length === 0) recordLists(em, lists, { actor, occurredAt: new Date() });
    }
    if (tooMany.length) throw new RejectedInTransaction(tooMany);
    return oems.length;
  }
}

interface KnownOem {
  oem_normalized: string;
  oem: string;
  manufacturer: string;
  catalog_code: string;
  part_type: string;
  name_es: string;
}

function summaryOf(row: ImportRow) {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    status: row.status,
    recordCountDeclared: row.record_count_declared,
    recordCountParsed: row.record_count_parsed,
    errorCount: row.error_count,
    source: row.source,
    warningCount: row.warning_count,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
