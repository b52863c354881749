import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayloadOf, CrossReferencesPublished } from '@tuerca/contracts';

type Published = PayloadOf<typeof CrossReferencesPublished>;

/**
 * One OEM number's cross-references as the catalogue now lists them: the previous list is replaced
 * (a re-delivered or repeated event writes the same rows).
 */
export async function replaceCrossReferences(em: EntityManager, p: Published): Promise<void> {
  await em.execute(`delete from cross_references where oem = ?`, [p.oemNormalized]);
  if (p.references.length === 0) return;
  await em.execute(
    `insert into cross_references (oem, part, oem_formatted, oem_manufacturer, part_formatted, part_manufacturer, type, way)
     select ?, x."partNormalized", ?, ?, x."partFormatted", x.manufacturer, x.type, x.way
     from jsonb_to_recordset(?::jsonb) as x("partNormalized" text, "partFormatted" text, manufacturer text, type text, way text)
     where x."partNormalized" <> ?
     on conflict (oem, part, part_manufacturer) do update set type = excluded.type, way = excluded.way, part_formatted = excluded.part_formatted`,
    [p.oemNormalized, p.oem, p.manufacturer, JSON.stringify(p.references), p.oemNormalized],
  );
}
