import { Injectable } from '@nestjs/common';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { LookupAnswers, type KeptAnswers } from '../catalogue/lookup-answers.js';
import { groupsOf, type CrossReferenceRow, type SubstitutionGroup } from './substitutions.rules.js';

/** Upper bound of cross-reference rows read per reference and direction (a lookup never reads a whole brand). */
const MAX_XREF_ROWS = 500;

/** References whose substitutions are kept in memory (a few KB each; least recently asked out first). */
export const MAX_KEPT_REFERENCES = 20_000;

/**
 * Cross-references of a normalised reference, read as an OEM number and as an aftermarket number; the groups are
 * kept in memory until the cross-references change (LookupAnswers), shared by every request that asks — callers
 * never change them.
 */
@Injectable()
export class SubstitutionsReader {
  private readonly kept: KeptAnswers<SubstitutionGroup[]>;

  constructor(
    private readonly db: ContextDatabase,
    answers: LookupAnswers,
  ) {
    this.kept = answers.keep(MAX_KEPT_REFERENCES);
  }

  substitutions(reference: string): Promise<SubstitutionGroup[]> {
    return this.kept.get(reference, () => this.read(reference));
  }

  private async read(reference: string): Promise<SubstitutionGroup[]> {
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
