import { CrossReferencesPublished, type Actor, type PayloadOf } from '@tuerca/contracts';
import { recordEvent, type ContextDatabase } from '@tuerca/platform';
import type { ReplacementType, ReplacementWay } from '../substitutions/substitutions.rules.js';
import { MAX_REFERENCES } from './cross-references.routes.js';

export type Em = Parameters<Parameters<ContextDatabase['transactional']>[0]>[0];
export type Published = PayloadOf<typeof CrossReferencesPublished>;

/** The catalogue's own actor, for events no person asked for. */
export const CATALOG_ACTOR: Actor = { kind: 'system', id: 'catalog' };

export interface CrossReferenceDbRow {
  id: string;
  oem: string;
  oem_normalized: string;
  manufacturer: string;
  catalog_code: string;
  part_type: string;
  type: ReplacementType;
  way: ReplacementWay;
  part_manufacturer: string;
  part_formatted: string;
  part_normalized: string;
  part_name: string;
}

/** An OEM number's list as the event carries it, and how many rows the catalogue holds for it. */
export interface OemList {
  payload: Published;
  /** Distinct references the catalogue holds (may exceed what one event carries). */
  total: number;
}

/**
 * Writers of `cross_references` (the operator PUT, PIES interchange, each republication batch) take
 * this transaction lock first: they run one after another, so the events they record reach the
 * outbox in the order their changes commit and the marketplace's copy ends as the last list written.
 */
export async function lockCrossReferences(em: Em): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('catalog.cross_references'))`);
}

/** Rows of some OEM numbers, in the order lists are published. */
export function rowsOf(em: Em, oems: string[]): Promise<CrossReferenceDbRow[]> {
  if (oems.length === 0) return Promise.resolve([]);
  return em.execute<CrossReferenceDbRow[]>(
    `select id, oem, oem_normalized, manufacturer, catalog_code, part_type, type, way, part_manufacturer, part_formatted, part_normalized, part_name
     from cross_references where oem_normalized in (select jsonb_array_elements_text(?::jsonb))
     order by oem_normalized, part_manufacturer, part_normalized, id`,
    [JSON.stringify(oems)],
  );
}

/**
 * The lists of some OEM numbers as CrossReferencesPublished carries them: one reference per brand and
 * normalised number (an OEM number shared by several catalogues lists each once), never the OEM
 * number itself. An OEM number without rows gets an empty list (`fallback` names it).
 */
export function listsOf(
  rows: CrossReferenceDbRow[],
  oems: string[],
  fallback: Map<string, { oem: string; manufacturer: string }> = new Map(),
): OemList[] {
  const byOem = new Map<string, CrossReferenceDbRow[]>();
  for (const r of rows) {
    const list = byOem.get(r.oem_normalized) ?? [];
    list.push(r);
    byOem.set(r.oem_normalized, list);
  }
  return oems.map((oemNormalized) => {
    const own = byOem.get(oemNormalized) ?? [];
    const first = own[0];
    const named = fallback.get(oemNormalized);
    const seen = new Set<string>();
    const references: Published['references'] = [];
    for (const r of own) {
      const key = `${r.part_manufacturer}\u0000${r.part_normalized}`;
      if (seen.has(key) || r.part_normalized === oemNormalized || r.part_normalized.length === 0 || r.part_normalized.length > 60) continue;
      seen.add(key);
      references.push({
        manufacturer: r.part_manufacturer,
        partFormatted: r.part_formatted,
        partNormalized: r.part_normalized,
        type: r.type,
        way: r.way,
      });
    }
    return {
      total: references.length,
      payload: {
        oemNormalized,
        oem: (first?.oem ?? named?.oem ?? oemNormalized).slice(0, 60),
        manufacturer: first?.manufacturer ?? named?.manufacturer ?? '',
        references: references.slice(0, MAX_REFERENCES),
      },
    };
  });
}

/** Records one CrossReferencesPublished per list, inside the caller's transaction. */
export function recordLists(em: Em, lists: OemList[], meta: { actor: Actor; occurredAt: Date }): void {
  for (const { payload } of lists) {
    recordEvent(em, CrossReferencesPublished, payload, {
      aggregateId: payload.oemNormalized,
      actor: meta.actor,
      occurredAt: meta.occurredAt,
    });
  }
}
