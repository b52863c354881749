import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ErrorCodes,
  MAX_CROSS_REFERENCES,
  brandLabelKey,
  normalizeReference,
  t,
  type PiesImportBody,
  type CatalogImportResult,
  type REPLACEMENT_TYPES,
} from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { listsOf, lockCrossReferences, recordLists, rowsOf } from '../cross-references/cross-references.store.js';
import { parsePies, piesPath, type PiesItem } from './pies.parser.js';
import { RejectedInTransaction, chunks, importFile, type Em } from './import-file.js';
import type { ImportIssue } from './xml.js';

/** An operator's PIES file: items upserted or removed, their interchanges made cross-references, all or nothing. */
export class ImportPies extends Command<CatalogImportResult> {
  constructor(
    readonly body: PiesImportBody,
    readonly createdBy: string,
  ) {
    super();
  }
}

@CommandHandler(ImportPies)
export class ImportPiesHandler implements ICommandHandler<ImportPies> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ body, createdBy }: ImportPies): Promise<CatalogImportResult> {
    const parsed = parsePies(body.xml, { brandFromLabel: Boolean(body.storeId) });
    const warnings = body.storeId ? resolveBrands(parsed.records, await this.mappingsOf(body.storeId, parsed.records), parsed.errors) : [];
    return importFile(this.db, 'pies', body, createdBy, parsed, (em, id, records) => writePies(em, id, records, createdBy), {
      warnings,
      ...(body.storeId ? { storeId: body.storeId } : {}),
    });
  }

  /** The store's mappings of the file's brand labels (the catalogue's copy of integrations' mappings, the latest per label). */
  private async mappingsOf(storeId: string, items: PiesItem[]): Promise<Map<string, MappedBrand>> {
    const keys = [...new Set(items.filter((i) => i.labelGiven).map((i) => brandLabelKey(i.brandLabel)))].filter(Boolean);
    const found = new Map<string, MappedBrand>();
    for (const batch of chunks(keys)) {
      const rows = await kysely<CatalogDB>(this.db.em())
        .selectFrom('BrandMapping')
        .select(['brandKey', 'brandAaiaid', 'brandName'])
        .where('storeId', '=', storeId)
        .where('brandKey', 'in', batch)
        .orderBy('updatedAt')
        .execute();
      for (const r of rows) found.set(r.brandKey, { brandAaiaid: r.brandAaiaid, brandName: r.brandName });
    }
    return found;
  }
}

interface MappedBrand {
  brandAaiaid: string;
  brandName: string;
}

/**
 * issue 18: "imports (spreadsheet and PIES) resolve brands through the mapping and report unmapped ones per
 * row". In a store's file an Item whose BrandLabel the store mapped takes the PIES brand (its BrandAAIAID, and
 * its name as the Item's brand); an unmapped label is a warning of that Item (code 'Brand not mapped'), which is
 * imported as written. An Item with neither a BrandAAIAID nor a mapped label cannot be kept (an error), nor can
 * two Items that become the same brand and part number. Changes `items` in place; pushes errors to `errors`.
 */
function resolveBrands(items: PiesItem[], mappings: ReadonlyMap<string, MappedBrand>, errors: ImportIssue[]): ImportIssue[] {
  const warnings: ImportIssue[] = [];
  // Repetitions the file itself has are the parser's errors already: only those the mapping makes are added.
  const seen = new Map<string, boolean>();
  for (const item of items) {
    const path = piesPath(item.position, item.partNumber);
    const mapped = item.labelGiven ? mappings.get(brandLabelKey(item.brandLabel)) : undefined;
    if (mapped) {
      item.brandAaiaId = mapped.brandAaiaid;
      item.brandLabel = mapped.brandName;
    } else if (item.labelGiven) {
      if (!item.brandAaiaId) errors.push({ path, message: t('catalogImports.labelWithoutBrand', { brand: item.brandLabel }) });
      else
        warnings.push({
          path,
          code: ErrorCodes.BRAND_NOT_MAPPED,
          message: t('integrations.pies.itemNotMapped', { brand: item.brandLabel }),
        });
    }
    const key = `${item.brandAaiaId}|${item.partNumber}`;
    const first = seen.get(key);
    if (item.brandAaiaId && item.partNumber && first !== undefined && (first || mapped))
      errors.push({ path, message: t('catalogImports.duplicateId', { id: item.partNumber }) });
    if (first === undefined) seen.set(key, Boolean(mapped));
  }
  return warnings;
}

async function writePies(em: Em, importId: string, records: PiesItem[], createdBy: string) {
  const db = kysely<CatalogDB>(em);
  const deletions = records.filter((r) => r.action === 'D');
  const upserts = records.filter((r) => r.action !== 'D');
  let deleted = 0;
  const missing: ImportIssue[] = [];
  for (const batch of chunks(deletions)) {
    const gone = await db
      .deleteFrom('PiesItem')
      .where((eb) =>
        eb(
          eb.refTuple('brandAaiaid', 'partNumber'),
          'in',
          batch.map((r) => eb.tuple(r.brandAaiaId, r.partNumber)),
        ),
      )
      .returning(['brandAaiaid', 'partNumber'])
      .execute();
    const found = new Set(gone.map((g) => `${g.brandAaiaid}|${g.partNumber}`));
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
    await db
      .insertInto('PiesItem')
      .values(
        batch.map((r) => ({
          partNumber: r.partNumber,
          brandAaiaid: r.brandAaiaId,
          // The parser refuses an item to add or change without its part terminology.
          partTerminologyId: r.partTerminologyId!,
          descriptions: r.descriptions,
          prices: r.prices,
          attributes: r.attributes,
          import: importId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['brandAaiaid', 'partNumber']).doUpdateSet((eb) => ({
          partTerminologyId: eb.ref('excluded.partTerminologyId'),
          descriptions: eb.ref('excluded.descriptions'),
          prices: eb.ref('excluded.prices'),
          attributes: eb.ref('excluded.attributes'),
          import: eb.ref('excluded.import'),
        })),
      )
      .execute();
  }
  const crossReferencesPublished = await writeInterchanges(em, upserts, createdBy);
  return { upserted: upserts.length, deleted, crossReferencesPublished };
}

/**
 * PIES interchange → cross-references (mapping in the README): an Item that interchanges with an OEM
 * number of the catalogue (`parts.oem_normalized`) becomes a cross-reference of that number; a
 * deleted interchange (`MaintenanceType="D"`) removes it. Every OEM number whose list changed is
 * published (CrossReferencesPublished) in the import's transaction.
 */
async function writeInterchanges(em: Em, items: PiesItem[], createdBy: string): Promise<number> {
  const db = kysely<CatalogDB>(em);
  const pairs = items.flatMap((item) =>
    item.interchanges.map((x) => ({ item, x, oem: normalizeReference(x.partNumber), part: normalizeReference(item.partNumber) })),
  );
  const wanted = pairs.filter((p) => p.oem && p.part && p.oem !== p.part && p.oem.length <= 60 && p.part.length <= 60);
  if (wanted.length === 0) return 0;
  await lockCrossReferences(em);
  const known = new Map<string, KnownOem[]>();
  for (const batch of chunks([...new Set(wanted.map((p) => p.oem))])) {
    // One row per OEM number and make (distinct on), the first catalogue's by code.
    const rows = await db
      .selectFrom('Part')
      .distinctOn(['oemNormalized', (eb) => eb.fn<string>('upper', ['manufacturer'])])
      .select(['oemNormalized', 'oem', 'manufacturer', 'catalogCode', 'partType', 'nameEs'])
      .where('oemNormalized', 'in', batch)
      .orderBy('oemNormalized')
      .orderBy((eb) => eb.fn('upper', ['manufacturer']))
      .orderBy('catalogCode')
      .orderBy('partId')
      .execute();
    for (const r of rows) known.set(r.oemNormalized, [...(known.get(r.oemNormalized) ?? []), r]);
  }
  const firstItem = new Map<string, PiesItem>();
  const firstItemOf = new Map<string, PiesItem>();
  const removals = new Map<string, { oemNormalized: string; partNormalized: string; partManufacturer: string }>();
  const additions = new Map<string, NewCrossReference>();
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
      removals.set(key, { oemNormalized: oem, partNormalized: part, partManufacturer });
      continue;
    }
    firstItemOf.set(`${partManufacturer}\u0000${part}`, item);
    additions.set(key, {
      id: randomUUID(),
      oem: target.oem,
      oemNormalized: oem,
      manufacturer: target.manufacturer,
      catalogCode: target.catalogCode,
      partType: target.partType,
      type: x.quantity !== null && x.quantity !== 1 ? 'part whole' : 'replacement',
      way: 'forward',
      partManufacturer,
      partFormatted: item.partNumber,
      partNormalized: part,
      partName: target.nameEs,
    });
  }
  const mixed = await mixedPartTypes(em, [...additions.values()], removals, firstItemOf);
  if (mixed.length) throw new RejectedInTransaction(mixed);
  const changed = new Set<string>();
  for (const batch of chunks([...removals.values()])) {
    const gone = await db
      .deleteFrom('CrossReference')
      .where((eb) =>
        eb.or(
          batch.map((k) =>
            eb.and([
              eb('oemNormalized', '=', k.oemNormalized),
              eb('partNormalized', '=', k.partNormalized),
              eb(eb.fn('upper', ['partManufacturer']), '=', k.partManufacturer),
            ]),
          ),
        ),
      )
      .returning('oemNormalized')
      .execute();
    for (const g of gone) changed.add(g.oemNormalized);
  }
  for (const batch of chunks([...additions.values()])) {
    // A cross-reference the catalogue already has keeps its type and way (an operator's word wins over the file).
    const present = await db
      .selectFrom('CrossReference')
      .select(['oemNormalized', 'partNormalized', (eb) => eb.fn<string>('upper', ['partManufacturer']).as('partManufacturer')])
      .where('oemNormalized', 'in', [...new Set(batch.map((r) => r.oemNormalized))])
      .execute();
    const have = new Set(present.map((p) => `${p.oemNormalized}\u0000${p.partManufacturer}\u0000${p.partNormalized}`));
    const fresh = batch.filter((r) => !have.has(`${r.oemNormalized}\u0000${r.partManufacturer}\u0000${r.partNormalized}`));
    if (fresh.length === 0) continue;
    await db.insertInto('CrossReference').values(fresh).execute();
    for (const a of fresh) changed.add(a.oemNormalized);
  }
  const oems = [...changed].sort();
  const fallback = new Map(oems.map((o) => [o, { oem: known.get(o)![0]!.oem, manufacturer: known.get(o)![0]!.manufacturer }]));
  const tooMany: ImportIssue[] = [];
  const actor = { kind: 'user' as const, id: createdBy };
  for (const batch of chunks(oems)) {
    const lists = listsOf(await rowsOf(em, batch), batch, fallback);
    for (const l of lists) {
      if (l.total <= MAX_CROSS_REFERENCES) continue;
      const item = firstItem.get(l.payload.oemNormalized)!;
      tooMany.push({
        path: piesPath(item.position, item.partNumber),
        message: t('crossReferences.tooMany', { oem: l.payload.oem, count: l.total, max: MAX_CROSS_REFERENCES }),
      });
    }
    if (tooMany.length === 0) recordLists(em, lists, { actor, occurredAt: new Date() });
  }
  if (tooMany.length) throw new RejectedInTransaction(tooMany);
  return oems.length;
}

/**
 * A substitute is the same part (catalogue spec §3 "Substitution group": parts that replace one another): one
 * aftermarket item may cross OEM numbers of one part type only — never a clutch pump and a brake disc. Read
 * over the file's new interchanges and the cross-references the item already has (less those the file
 * removes); an item that would join two part types is an error of that item, and the file is refused.
 */
async function mixedPartTypes(
  em: Em,
  additions: NewCrossReference[],
  removals: Map<string, unknown>,
  itemOf: Map<string, PiesItem>,
): Promise<ImportIssue[]> {
  const types = new Map<string, Map<string, { oem: string; name: string }>>();
  const note = (item: string, partType: string, oem: string, name: string) => {
    let byType = types.get(item);
    if (!byType) types.set(item, (byType = new Map()));
    if (!byType.has(partType)) byType.set(partType, { oem, name });
  };
  for (const a of additions) note(`${a.partManufacturer}\u0000${a.partNormalized}`, a.partType, a.oem, a.partName);
  for (const batch of chunks([...new Set(additions.map((a) => a.partNormalized))])) {
    const rows = await kysely<CatalogDB>(em)
      .selectFrom('CrossReference')
      .select(['oem', 'oemNormalized', 'partType', 'partName', 'partManufacturer', 'partNormalized'])
      .where('partNormalized', 'in', batch)
      .orderBy('oemNormalized')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const key = `${r.partManufacturer.toUpperCase()}\u0000${r.partNormalized}`;
      if (!types.has(key) || removals.has(`${r.oemNormalized}\u0000${key}`)) continue;
      note(key, r.partType, r.oem, r.partName);
    }
  }
  const issues: ImportIssue[] = [];
  for (const [key, byType] of types) {
    if (byType.size < 2) continue;
    const item = itemOf.get(key)!;
    const [first, second] = [...byType.values()];
    issues.push({
      path: piesPath(item.position, item.partNumber),
      message: t('crossReferences.mixedPartTypes', {
        part: item.partNumber,
        first: first!.name,
        firstOem: first!.oem,
        second: second!.name,
        secondOem: second!.oem,
      }),
    });
  }
  return issues;
}

interface KnownOem {
  oemNormalized: string;
  oem: string;
  manufacturer: string;
  catalogCode: string;
  partType: string;
  nameEs: string;
}

interface NewCrossReference {
  id: string;
  oem: string;
  oemNormalized: string;
  manufacturer: string;
  catalogCode: string;
  partType: string;
  type: (typeof REPLACEMENT_TYPES)[number];
  way: 'forward';
  partManufacturer: string;
  partFormatted: string;
  partNormalized: string;
  partName: string;
}
