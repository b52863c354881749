import type { CrossReferenceList } from '@tuerca/contracts';
import type { CrossReferenceRow } from './cross-references.store.js';

/** One OEM number's list as operators read it: the rows of every catalogue holding that number. */
export function viewOf(oem: string, oemNormalized: string, rows: CrossReferenceRow[]): CrossReferenceList {
  const first = rows[0];
  return {
    oem: first?.oem ?? oem.trim(),
    oemNormalized,
    manufacturer: first?.manufacturer ?? null,
    catalogCode: first?.catalogCode ?? null,
    partType: first?.partType ?? null,
    references: rows.map((r) => ({
      manufacturer: r.partManufacturer,
      partNumber: r.partFormatted,
      partNormalized: r.partNormalized,
      type: r.type,
      way: r.way,
      name: r.partName,
      catalogCode: r.catalogCode,
    })),
  };
}
