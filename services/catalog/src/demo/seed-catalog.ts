import type pg from 'pg';
import {
  DEFAULT_SEED,
  catalogCategories,
  catalogCounts,
  catalogPass,
  catalogQuickGroups,
  catalogUnits,
  catalogVehicles,
  catalogs,
  nameTranslations,
  type DemoCategory,
  type DemoCrossReference,
  type DemoPart,
  type DemoQuickGroup,
} from '@tuerca/demo-data';
import { copyRows, withIndexesDeferred, type ContextDatabase } from '@tuerca/platform';
import { NameTranslation } from '../catalogue/name-translation.entity.js';

const PART_COLUMNS = [
  'part_id',
  'unit_id',
  'platform_id',
  'catalog_code',
  'manufacturer',
  'code_on_image',
  'oem',
  'oem_normalized',
  'part_type',
  'name_es',
  'name_en',
  'amount',
  'shared',
];
const partCells = (p: DemoPart) => [
  p.partId,
  p.unitId,
  p.platformId,
  p.catalogCode,
  p.manufacturer,
  p.codeOnImage,
  p.oem,
  p.oemNormalized,
  p.partType,
  p.name,
  p.nameEn,
  p.amount,
  p.shared,
];
const XREF_COLUMNS = [
  'id',
  'oem',
  'oem_normalized',
  'manufacturer',
  'catalog_code',
  'part_type',
  'type',
  'way',
  'part_manufacturer',
  'part_formatted',
  'part_normalized',
  'part_name',
];
const xrefCells = (x: DemoCrossReference) => [
  x.id,
  x.oem,
  x.oemNormalized,
  x.manufacturer,
  x.catalogCode,
  x.partType,
  x.type,
  x.way,
  x.part.manufacturer,
  x.part.formattedOem,
  x.part.oemNormalized,
  x.part.name,
];
/** The tables a seed fills, whose indexes are built once after the load rather than row by row. */
const BULK_TABLES = ['vehicles', 'vehicle_vins', 'vehicle_frames', 'units', 'parts', 'cross_references'];

function flattenCategories(list: DemoCategory[], out: DemoCategory[] = []): DemoCategory[] {
  for (const c of list) {
    out.push(c);
    flattenCategories(c.childrens, out);
  }
  return out;
}

function flattenQuickGroups(
  list: DemoQuickGroup[],
  parent: string | null = null,
  depth = 1,
  out: { g: DemoQuickGroup; parent: string | null; depth: number }[] = [],
) {
  for (const g of list) {
    out.push({ g, parent, depth });
    flattenQuickGroups(g.childGroups, g.quickGroupId, depth + 1, out);
  }
  return out;
}

/**
 * Loads the demo original-parts catalogue into the catalogue's own tables, streamed with COPY in one
 * transaction (nothing half-loaded). Idempotent: a catalogue already loaded at the same scale is kept.
 */
export async function seedCatalog(db: ContextDatabase, options: { seed?: number; scale?: number } = {}): Promise<Record<string, number>> {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  const expected = catalogCounts(scale);
  // The names in other languages are few and kept up to date even when the catalogue itself is already loaded.
  await db.em().upsertMany(
    NameTranslation,
    [...nameTranslations()].map(([language, nameEs, name]) => ({ language, nameEs, name })),
  );
  const pool = (await (db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> }).getNativeClient()) as pg.Pool;
  const client = await pool.connect();
  try {
    const present = await client.query<{ n: string }>('select count(*) as n from parts');
    if (Number(present.rows[0]!.n) === expected.parts) return { parts: expected.parts, skipped: 1 };
    await client.query('begin');
    await client.query(
      'truncate catalogs, vehicles, vehicle_vins, vehicle_frames, categories, quick_groups, units, parts, cross_references cascade',
    );
    const counts: Record<string, number> = {};
    let mark = Date.now();
    const lap = (name: string) => {
      counts[`${name}Ms`] = Date.now() - mark;
      mark = Date.now();
    };
    // Indexes and keys are built once, after the load, in the same transaction (see withIndexesDeferred).
    await withIndexesDeferred(client, BULK_TABLES, async () => {
      counts.catalogs = await copyRows(
        client,
        'catalogs',
        ['code', 'catalog_id', 'brand', 'make_key', 'name', 'features'],
        catalogs(seed),
        (c) => [c.code, c.catalogId, c.brand, c.makeKey, c.name, c.features.map((f) => f.name)],
      );
      lap('catalogs');
      const vins: [string, string][] = [];
      const frames: [string, string][] = [];
      counts.vehicles = await copyRows(
        client,
        'vehicles',
        ['vehicle_id', 'platform_id', 'catalog_code', 'brand', 'name', 'year_from', 'year_to', 'market', 'attributes'],
        catalogVehicles(seed, scale),
        (v) => {
          for (const vin of v.vins) vins.push([vin, v.vehicleId]);
          for (const f of v.frames) frames.push([f, v.vehicleId]);
          return [v.vehicleId, v.platformId, v.catalog, v.brand, v.name, v.yearFrom, v.yearTo, v.market, v.attributes];
        },
      );
      lap('vehicles');
      counts.vins = await copyRows(client, 'vehicle_vins', ['vin', 'vehicle_id'], vins, (r) => r);
      lap('vins');
      counts.frames = await copyRows(client, 'vehicle_frames', ['frame', 'vehicle_id'], frames, (r) => r);
      lap('frames');
      counts.categories = await copyRows(
        client,
        'categories',
        ['category_id', 'key', 'code', 'name_es', 'name_en', 'parent_key', 'sort'],
        flattenCategories(catalogCategories(seed)).map((c, i) => ({ c, i })),
        ({ c, i }) => [c.categoryId, c.key, c.code, c.name, c.nameEn, c.parentKey, i],
      );
      lap('categories');
      counts.quickGroups = await copyRows(
        client,
        'quick_groups',
        ['quick_group_id', 'key', 'name_es', 'name_en', 'parent_id', 'depth', 'part_types', 'sort'],
        flattenQuickGroups(catalogQuickGroups(seed)).map((x, i) => ({ ...x, i })),
        ({ g, parent, depth, i }) => [g.quickGroupId, g.key, g.name, g.nameEn, parent, depth, g.partTypes, i],
      );
      lap('quickGroups');
      counts.units = await copyRows(
        client,
        'units',
        ['unit_id', 'platform_id', 'catalog_code', 'category_key', 'category_id', 'code', 'name_es', 'name_en', 'image_map', 'svg'],
        // No SVG stored: the diagram route draws each unit from its parts when it is first asked for.
        catalogUnits(seed, scale, { svg: false }),
        (u) => [u.unitId, u.platformId, u.catalogCode, u.categoryKey, u.categoryId, u.code, u.name, u.nameEn, u.imageMap, u.svg],
      );
      lap('units');
      // One pass of the generator gives both the parts and the cross-references (each pass draws every
      // number again, and the pass is most of a large seed's time): each platform's rows are buffered and
      // written in COPY batches of a few thousand rows, parts then cross-references, so nothing large
      // sits in memory and each table receives its rows in the catalogue's order, as before.
      counts.parts = 0;
      counts.crossReferences = 0;
      counts.generateMs = 0;
      const partRows: DemoPart[] = [];
      const xrefRows: DemoCrossReference[] = [];
      const flush = async () => {
        counts.parts! += await copyRows(client, 'parts', PART_COLUMNS, partRows, partCells);
        counts.crossReferences! += await copyRows(client, 'cross_references', XREF_COLUMNS, xrefRows, xrefCells);
        partRows.length = 0;
        xrefRows.length = 0;
      };
      const pass = catalogPass(seed, scale);
      for (;;) {
        const started = Date.now();
        const next = pass.next();
        counts.generateMs += Date.now() - started;
        if (next.done) break;
        for (const part of next.value.parts) partRows.push(part);
        for (const x of next.value.crossReferences) xrefRows.push(x);
        if (xrefRows.length + partRows.length >= 20_000) await flush();
      }
      await flush();
      lap('partsAndCrossReferences');
    });
    lap('indexes');
    await client.query('commit');
    // Fresh statistics for the planner: the tables this seed filled.
    await client.query(`analyze ${['catalogs', 'categories', 'quick_groups', ...BULK_TABLES].join(', ')}`);
    lap('analyze');
    return counts;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
