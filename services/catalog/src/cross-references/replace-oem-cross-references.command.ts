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
      return written;
    });
    return viewOf(body.oem, oemNormalized, rows);
  }
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
