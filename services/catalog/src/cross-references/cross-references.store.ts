import { CrossReferencesPublished, MAX_CROSS_REFERENCES, type Actor, type PayloadOf } from '@tuerca/contracts';
import { kysely, recordEvent, type ContextDatabase } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';

export type Em = Parameters<Parameters<ContextDatabase['transactional']>[0]>[0];
export type Published = PayloadOf<typeof CrossReferencesPublished>;

/** The catalogue's own actor, for events no person asked for. */
export const CATALOG_ACTOR: Actor = { kind: 'system', id: 'catalog' };

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
  await kysely<CatalogDB>(em)
    .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val('catalog.cross_references')])]).as('locked'))
    .execute();
}

/** Rows of some OEM numbers, in the order lists are published. */
export async function rowsOf(em: Em, oems: string[]) {
  if (oems.length === 0) return [];
  return kysely<CatalogDB>(em)
    .selectFrom('CrossReference')
    .selectAll()
    .where('oemNormalized', 'in', oems)
    .orderBy('oemNormalized')
    .orderBy('partManufacturer')
    .orderBy('partNormalized')
    .orderBy('id')
    .execute();
}

export type CrossReferenceRow = Awaited<ReturnType<typeof rowsOf>>[number];

/**
 * The lists of some OEM numbers as CrossReferencesPublished carries them: one reference per brand and
 * normalised number (an OEM number shared by several catalogues lists each once), never the OEM
 * number itself. An OEM number without rows gets an empty list (`fallback` names it).
 */
export function listsOf(
  rows: CrossReferenceRow[],
  oems: string[],
  fallback: Map<string, { oem: string; manufacturer: string }> = new Map(),
): OemList[] {
  const byOem = new Map<string, CrossReferenceRow[]>();
  for (const r of rows) {
    const list = byOem.get(r.oemNormalized) ?? [];
    list.push(r);
    byOem.set(r.oemNormalized, list);
  }
  return oems.map((oemNormalized) => {
    const own = byOem.get(oemNormalized) ?? [];
    const first = own[0];
    const named = fallback.get(oemNormalized);
    const seen = new Set<string>();
    const references: Published['references'] = [];
    for (const r of own) {
      const key = `${r.partManufacturer}\u0000${r.partNormalized}`;
      if (seen.has(key) || r.partNormalized === oemNormalized || r.partNormalized.length === 0 || r.partNormalized.length > 60) continue;
      seen.add(key);
      references.push({
        manufacturer: r.partManufacturer,
        partFormatted: r.partFormatted,
        partNormalized: r.partNormalized,
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
        references: references.slice(0, MAX_CROSS_REFERENCES),
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
