import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normalizeReference, t, type Actor, type CrossReferenceList, type ReplaceCrossReferencesBody } from '@tuerca/contracts';
import { Clock, ContextDatabase, ValidationError, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { listsOf, lockCrossReferences, recordLists, rowsOf, type Em } from './cross-references.store.js';
import { viewOf } from './cross-references.rules.js';

/**
 * Replaces the OEM number's whole list (every catalogue's rows of that number) with the given one and
 * records CrossReferencesPublished in the same transaction.
 */
export class ReplaceOemCrossReferences extends Command<CrossReferenceList> {
  constructor(
    readonly body: ReplaceCrossReferencesBody,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ReplaceOemCrossReferences)
export class ReplaceOemCrossReferencesHandler implements ICommandHandler<ReplaceOemCrossReferences> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ body, actor }: ReplaceOemCrossReferences): Promise<CrossReferenceList> {
    const oemNormalized = normalizeReference(body.oem);
    const now = this.clock.now();
    const rows = await this.db.transactional(async (em) => {
      const db = kysely<CatalogDB>(em);
      const catalog = await db.selectFrom('Catalog').select('code').where('code', '=', body.catalogCode).executeTakeFirst();
      if (!catalog)
        throw new ValidationError(
          [t('crossReferences.unknownCatalog', { code: body.catalogCode })],
          [{ path: 'catalogCode', message: t('crossReferences.unknownCatalog', { code: body.catalogCode }) }],
        );
      await lockCrossReferences(em);
      const name = await partNameOf(em, oemNormalized, body.catalogCode, body.partType);
      await db.deleteFrom('CrossReference').where('oemNormalized', '=', oemNormalized).execute();
      if (body.references.length > 0) {
        await db
          .insertInto('CrossReference')
          .values(
            body.references.map((r) => ({
              id: randomUUID(),
              oem: body.oem,
              oemNormalized,
              manufacturer: body.manufacturer,
              catalogCode: body.catalogCode,
              partType: body.partType,
              type: r.type,
              way: r.way,
              partManufacturer: r.manufacturer,
              partFormatted: r.partNumber,
              partNormalized: normalizeReference(r.partNumber),
              partName: name,
            })),
          )
          .execute();
      }
      const written = await rowsOf(em, [oemNormalized]);
      recordLists(em, listsOf(written, [oemNormalized], new Map([[oemNormalized, { oem: body.oem, manufacturer: body.manufacturer }]])), {
        actor,
        occurredAt: now,
      });
      return { written, warnings: await otherPartTypes(em, oemNormalized, body) };
    });
    return { ...viewOf(body.oem, oemNormalized, rows.written), warnings: rows.warnings };
  }
}

/**
 * A substitute is the same part (catalogue spec §3 "Substitution group"): a reference that already substitutes
 * another OEM number of a different part type, or is itself an OEM number of one, is flagged for the operator
 * (a brake disc's list never should hold a clutch pump). The part type is the OEM number's own in the
 * catalogue, else the one the operator gave.
 */
async function otherPartTypes(em: Em, oemNormalized: string, body: ReplaceCrossReferencesBody): Promise<string[]> {
  if (body.references.length === 0) return [];
  const db = kysely<CatalogDB>(em);
  const own = await db
    .selectFrom('Part')
    .select('partType')
    .where('oemNormalized', '=', oemNormalized)
    .orderBy('partId')
    .executeTakeFirst();
  const partType = own?.partType ?? body.partType;
  const numbers = [...new Set(body.references.map((r) => normalizeReference(r.partNumber)))];
  const [crossing, being] = await Promise.all([
    db
      .selectFrom('CrossReference')
      .select(['oem', 'partName', 'partManufacturer', 'partNormalized'])
      .where('partNormalized', 'in', numbers)
      .where('oemNormalized', '!=', oemNormalized)
      .where('partType', '!=', partType)
      .orderBy('oemNormalized')
      .execute(),
    db
      .selectFrom('Part')
      .select(['oem', 'nameEs', 'manufacturer', 'oemNormalized'])
      .where('oemNormalized', 'in', numbers)
      .where('partType', '!=', partType)
      .orderBy('partId')
      .execute(),
  ]);
  const warnings: string[] = [];
  for (const r of body.references) {
    const number = normalizeReference(r.partNumber);
    const brand = r.manufacturer.toUpperCase();
    const other =
      crossing.find((x) => x.partNormalized === number && x.partManufacturer.toUpperCase() === brand) ??
      being
        .filter((x) => x.oemNormalized === number && x.manufacturer.toUpperCase() === brand)
        .map((x) => ({ oem: x.oem, partName: x.nameEs }))[0];
    if (other)
      warnings.push(
        t('crossReferences.otherPartType', { part: r.partNumber, manufacturer: r.manufacturer, name: other.partName, oem: other.oem }),
      );
  }
  return warnings;
}

/** The part's name as the catalogue shows it (its Spanish name in that catalogue), else its part type. */
async function partNameOf(em: Em, oemNormalized: string, catalogCode: string, partType: string): Promise<string> {
  const part = await kysely<CatalogDB>(em)
    .selectFrom('Part')
    .select('nameEs')
    .where('oemNormalized', '=', oemNormalized)
    .orderBy((eb) => eb('catalogCode', '=', catalogCode), 'desc')
    .orderBy('partId')
    .limit(1)
    .executeTakeFirst();
  return part?.nameEs ?? partType;
}
