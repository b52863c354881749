import type { REPLACEMENT_TYPES, REPLACEMENT_WAYS } from '@tuerca/contracts';

export type ReplacementType = (typeof REPLACEMENT_TYPES)[number];
export type ReplacementWay = (typeof REPLACEMENT_WAYS)[number];

export interface SubstitutionGroup {
  formattedOem: string;
  manufacturer: string;
  replacements: { type: ReplacementType; way: ReplacementWay; part: { manufacturer: string; formattedOem: string; name: string } }[];
}

export interface CrossReferenceRow {
  id: string;
  oem: string;
  manufacturer: string;
  type: ReplacementType;
  way: ReplacementWay;
  part_manufacturer: string;
  part_formatted: string;
  part_name: string;
}

/** Part numbers as the spec compares them: non-alphanumerics stripped, case folded (uppercase, as stored). */
export function normalizeReference(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** Read from the other end, a forward substitution is a backward one (and the reverse); bidirectional stays. */
export function reverseWay(way: ReplacementWay): ReplacementWay {
  return way === 'forward' ? 'backward' : way === 'backward' ? 'forward' : way;
}

/**
 * Groups cross-references by the number searched: rows found by the OEM number group under that OEM
 * (their aftermarket parts as replacements); rows found by an aftermarket number group under it, with
 * the original part as replacement and the way read from that end.
 */
export function groupsOf(asOem: CrossReferenceRow[], asAftermarket: CrossReferenceRow[]): SubstitutionGroup[] {
  const groups = new Map<string, SubstitutionGroup>();
  const seen = new Set<string>();
  const add = (manufacturer: string, formattedOem: string, replacement: SubstitutionGroup['replacements'][number]) => {
    const key = `${manufacturer}\u0000${formattedOem}`;
    // One OEM number can be shared by several engines; each cross-reference shows once.
    const one = `${key}\u0000${replacement.type}\u0000${replacement.way}\u0000${replacement.part.manufacturer}\u0000${replacement.part.formattedOem}`;
    if (seen.has(one)) return;
    seen.add(one);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { formattedOem, manufacturer, replacements: [] }));
    g.replacements.push(replacement);
  };
  for (const r of asOem)
    add(r.manufacturer, r.oem, {
      type: r.type,
      way: r.way,
      part: { manufacturer: r.part_manufacturer, formattedOem: r.part_formatted, name: r.part_name },
    });
  for (const r of asAftermarket)
    add(r.part_manufacturer, r.part_formatted, {
      type: r.type,
      way: reverseWay(r.way),
      part: { manufacturer: r.manufacturer, formattedOem: r.oem, name: r.part_name },
    });
  return [...groups.values()];
}
