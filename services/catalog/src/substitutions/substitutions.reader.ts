import { Injectable } from '@nestjs/common';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { groupsOf, type CrossReferenceRow, type SubstitutionGroup } from './substitutions.rules.js';

/** Upper bound of cross-reference rows read per reference and direction (a lookup never reads a whole brand). */
const MAX_XREF_ROWS = 500;

/** Cross-references of a normalised reference, read as an OEM number and as an aftermarket number. */
@Injectable()
export class SubstitutionsReader {
  constructor(private readonly db: ContextDatabase) {}

  async substitutions(reference: string): Promise<SubstitutionGroup[]> {
    const q = kysely<CatalogDB>(this.db.em());
    const columns = ['id', 'oem', 'manufacturer', 'type', 'way', 'partManufacturer', 'partFormatted', 'partName'] as const;
    const [asOem, asAftermarket] = await Promise.all([
      q
        .selectFrom('CrossReference')
        .select(columns)
        .where('oemNormalized', '=', reference)
        .orderBy('manufacturer')
        .orderBy('oem')
        .orderBy('partManufacturer')
        .orderBy('partFormatted')
        .orderBy('id')
        .limit(MAX_XREF_ROWS)
        .execute(),
      q
        .selectFrom('CrossReference')
        .select(columns)
        .where('partNormalized', '=', reference)
        .orderBy('partManufacturer')
        .orderBy('partFormatted')
        .orderBy('manufacturer')
        .orderBy('oem')
        .orderBy('id')
        .limit(MAX_XREF_ROWS)
        .execute(),
    ]);
    const row = (r: (typeof asOem)[number]): CrossReferenceRow => ({
      id: r.id,
      oem: r.oem,
      manufacturer: r.manufacturer,
      type: r.type,
      way: r.way,
      part_manufacturer: r.partManufacturer,
      part_formatted: r.partFormatted,
      part_name: r.partName,
    });
    return groupsOf(asOem.map(row), asAftermarket.map(row));
  }
}
