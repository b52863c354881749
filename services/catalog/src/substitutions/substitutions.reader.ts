import { Injectable } from '@nestjs/common';
import { ContextDatabase, preparedRunner, type PreparedRunner } from '@tuerca/platform';
import { LookupAnswers, type KeptAnswers } from '../catalogue/lookup-answers.js';
import { groupsOf, type CrossReferenceRow, type SubstitutionGroup } from './substitutions.rules.js';

/** Upper bound of cross-reference rows read per reference and direction (a lookup never reads a whole brand). */
const MAX_XREF_ROWS = 500;

const XREF_COLUMNS = 'id, oem, manufacturer, type, way, part_manufacturer, part_formatted, part_name';

/**
 * hot path: a reference's cross-references, read as an OEM number (side 1) and as an aftermarket number (side 2),
 * each side in its order and at most MAX_XREF_ROWS, as one named prepared statement (row_number keeps each side's
 * order through the union). Every new OEM of findCatalogsByOem and every new reference of getSubstitutions reads it
 * (issue 21: 200 new OEMs a second). Measured at scale 100 from Node, 2,000 references: 0.14 ms a call against
 * 0.26–0.39 ms for the two statements planned on every call, before typed Kysely's building of them and the ORM's
 * renaming of every row (the lookup process's CPU profile: the naming plugin's row transforms, 3 % of its CPU).
 */
const XREFS_OF_REFERENCE = {
  name: 'catalog_xrefs_of_reference',
  text: `select * from (
  (select 1 as side, ${XREF_COLUMNS},
     row_number() over (order by manufacturer, oem, part_manufacturer, part_formatted, id) as n
   from cross_references where oem_normalized = $1 order by n limit ${MAX_XREF_ROWS})
  union all
  (select 2 as side, ${XREF_COLUMNS},
     row_number() over (order by part_manufacturer, part_formatted, manufacturer, oem, id) as n
   from cross_references where part_normalized = $1 order by n limit ${MAX_XREF_ROWS})) x
order by side, n`,
};

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
  private readonly run: PreparedRunner;

  constructor(db: ContextDatabase, answers: LookupAnswers) {
    this.kept = answers.keep(MAX_KEPT_REFERENCES);
    this.run = preparedRunner(db);
  }

  substitutions(reference: string): Promise<SubstitutionGroup[]> {
    return this.kept.get(reference, () => this.read(reference));
  }

  private async read(reference: string): Promise<SubstitutionGroup[]> {
    const rows = await this.run<CrossReferenceRow & { side: number }>(XREFS_OF_REFERENCE.name, XREFS_OF_REFERENCE.text, [reference]);
    const asOem: CrossReferenceRow[] = [];
    const asAftermarket: CrossReferenceRow[] = [];
    for (const r of rows)
      (r.side === 1 ? asOem : asAftermarket).push({
        id: r.id,
        oem: r.oem,
        manufacturer: r.manufacturer,
        type: r.type,
        way: r.way,
        part_manufacturer: r.part_manufacturer,
        part_formatted: r.part_formatted,
        part_name: r.part_name,
      });
    return groupsOf(asOem, asAftermarket);
  }
}
