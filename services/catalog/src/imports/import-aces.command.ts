import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { t, type CatalogImportBody, type CatalogImportResult } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { acesPath, parseAces, type AcesApplication } from './aces.parser.js';
import { RejectedInTransaction, chunks, importFile, type Em } from './import-file.js';
import type { ImportIssue } from './xml.js';

/** An operator's ACES file: applications added or removed, all or nothing. */
export class ImportAces extends Command<CatalogImportResult> {
  constructor(
    readonly body: CatalogImportBody,
    readonly createdBy: string,
  ) {
    super();
  }
}

@CommandHandler(ImportAces)
export class ImportAcesHandler implements ICommandHandler<ImportAces> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ body, createdBy }: ImportAces): Promise<CatalogImportResult> {
    const parsed = parseAces(body.xml);
    const source = parsed.header.source ?? '';
    return importFile(this.db, 'aces', body, createdBy, parsed, (em, id, records) => writeAces(em, id, source, records), {
      source,
      warnings: parsed.warnings,
    });
  }
}

/** ACES applications are keyed by (source, App id): another brand's file with the same ids never touches these. */
async function writeAces(em: Em, importId: string, source: string, records: AcesApplication[]) {
  const db = kysely<CatalogDB>(em);
  const deletions = records.filter((r) => r.action === 'D');
  const additions = records.filter((r) => r.action === 'A');
  let deleted = 0;
  const missing: ImportIssue[] = [];
  for (const batch of chunks(deletions)) {
    const gone = await db
      .deleteFrom('AcesApplication')
      .where('source', '=', source)
      .where(
        'appId',
        'in',
        batch.map((r) => r.appId),
      )
      .returning('appId')
      .execute();
    const found = new Set(gone.map((g) => g.appId));
    deleted += found.size;
    for (const r of batch)
      if (!found.has(r.appId))
        missing.push({ path: acesPath(r.position, r.appId), message: t('catalogImports.applicationNotFound', { id: r.appId }) });
  }
  if (missing.length) throw new RejectedInTransaction(missing);
  for (const batch of chunks(additions)) {
    await db
      .insertInto('AcesApplication')
      .values(
        batch.map((r) => ({
          source,
          appId: r.appId,
          action: 'A' as const,
          // The parser refuses an application (action A) without its base vehicle, quantity, part type or brand.
          baseVehicleId: r.baseVehicleId!,
          engineBaseId: r.engineBaseId,
          submodelId: r.subModelId,
          qualifiers: r.qualifiers,
          qty: r.qty!,
          partTypeId: r.partTypeId!,
          positionId: r.positionId,
          note: r.note,
          partNumber: r.partNumber,
          brandAaiaid: r.brandAaiaId!,
          attributes: r.attributes,
          import: importId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['source', 'appId']).doUpdateSet((eb) => ({
          baseVehicleId: eb.ref('excluded.baseVehicleId'),
          engineBaseId: eb.ref('excluded.engineBaseId'),
          submodelId: eb.ref('excluded.submodelId'),
          qualifiers: eb.ref('excluded.qualifiers'),
          qty: eb.ref('excluded.qty'),
          partTypeId: eb.ref('excluded.partTypeId'),
          positionId: eb.ref('excluded.positionId'),
          note: eb.ref('excluded.note'),
          partNumber: eb.ref('excluded.partNumber'),
          brandAaiaid: eb.ref('excluded.brandAaiaid'),
          attributes: eb.ref('excluded.attributes'),
          import: eb.ref('excluded.import'),
        })),
      )
      .execute();
  }
  return { upserted: additions.length, deleted };
}
