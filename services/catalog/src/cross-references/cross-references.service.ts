import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { t, type Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, ValidationError } from '@tuerca/platform';
import { normalizeReference } from '../substitutions/substitutions.rules.js';
import type { CrossReferenceList, ReplaceCrossReferencesBody } from './cross-references.routes.js';
import { listsOf, lockCrossReferences, recordLists, rowsOf, type CrossReferenceDbRow, type Em } from './cross-references.store.js';

/** The operators' view and edit of one OEM number's cross-references; every change is published to the marketplace. */
@Injectable()
export class CrossReferencesService {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async get(oem: string): Promise<CrossReferenceList> {
    const oemNormalized = normalizeReference(oem);
    return viewOf(oem, oemNormalized, await rowsOf(this.db.em(), [oemNormalized]));
  }

  /**
   * Replaces the OEM number's whole list (every catalogue's rows of that number) with the given one and
   * records CrossReferencesPublished in the same transaction.
   */
  async replace(body: ReplaceCrossReferencesBody, actor: Actor): Promise<CrossReferenceList> {
    const oemNormalized = normalizeReference(body.oem);
    const now = this.clock.now();
    const rows = await this.db.transactional(async (em) => {
      const [catalog] = await em.execute<{ code: string }[]>(`select code from catalogs where code = ?`, [body.catalogCode]);
      if (!catalog)
        throw new ValidationError(
          [t('crossReferences.unknownCatalog', { code: body.catalogCode })],
          [{ path: 'catalogCode', message: t('crossReferences.unknownCatalog', { code: body.catalogCode }) }],
        );
      await lockCrossReferences(em);
      const name = await partNameOf(em, oemNormalized, body.catalogCode, body.partType);
      await em.execute(`delete from cross_references where oem_normalized = ?`, [oemNormalized]);
      if (body.references.length > 0) {
        await em.execute(
          `insert into cross_references (id, oem, oem_normalized, manufacturer, catalog_code, part_type, type, way, part_manufacturer, part_formatted, part_normalized, part_name)
           select r.id, ?, ?, ?, ?, ?, r.type, r.way, r.part_manufacturer, r.part_formatted, r.part_normalized, ?
           from jsonb_to_recordset(?::jsonb) as r(id text, type text, way text, part_manufacturer text, part_formatted text, part_normalized text)`,
          [
            body.oem,
            oemNormalized,
            body.manufacturer,
            body.catalogCode,
            body.partType,
            name,
            JSON.stringify(
              body.references.map((r) => ({
                id: randomUUID(),
                type: r.type,
                way: r.way,
                part_manufacturer: r.manufacturer,
                part_formatted: r.partNumber,
                part_normalized: normalizeReference(r.partNumber),
              })),
            ),
          ],
        );
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
  const [part] = await em.execute<{ name_es: string }[]>(
    `select name_es from parts where oem_normalized = ? order by (catalog_code = ?) desc, part_id limit 1`,
    [oemNormalized, catalogCode],
  );
  return part?.name_es ?? partType;
}

function viewOf(oem: string, oemNormalized: string, rows: CrossReferenceDbRow[]): CrossReferenceList {
  const first = rows[0];
  return {
    oem: first?.oem ?? oem.trim(),
    oemNormalized,
    manufacturer: first?.manufacturer ?? null,
    catalogCode: first?.catalog_code ?? null,
    partType: first?.part_type ?? null,
    references: rows.map((r) => ({
      manufacturer: r.part_manufacturer,
      partNumber: r.part_formatted,
      partNormalized: r.part_normalized,
      type: r.type,
      way: r.way,
      name: r.part_name,
      catalogCode: r.catalog_code,
    })),
  };
}
