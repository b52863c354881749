import { maskIdentityNumber, type Category, type MeterStatus, type QuickGroup } from '@tuerca/contracts';
import type { SsdCodec, SsdState } from '../ssd.js';
import {
  AUTOMATIC_KEYS,
  FILTER_KEYS,
  MODEL_FILTER,
  UNIT_IMAGE_PATH,
  attributeOf,
  modelOf,
  type CatalogNames,
  type CatalogRow,
  type PartRow,
  type UnitRow,
  type VehicleRow,
} from './browse.reader.js';

/**
 * Version 2 catalogue browsing's rules (spec 001 §3, §7), without I/O: how catalogues, vehicles, units and parts
 * are presented, the vehicle filters, the category and quick-group trees. The handlers read, meter and call these.
 */

/** Writes an ssd (the catalogue's opaque navigation state). */
export type SsdWriter = Pick<SsdCodec, 'encode'>;

export type CategoryRow = { category_id: string; key: string; name_es: string; name_en: string; parent_key: string | null };
export type QuickGroupRow = { quick_group_id: string; name_es: string; name_en: string; parent_id: string | null; part_types: string[] };

/** spec 001 §3 "Quota metadata": the counters the console shows next to a metered catalogue call. */
export function quotaMetadata(s: MeterStatus) {
  return {
    searchesPerformed: s.searchesPerformed,
    consultationsAvailable: s.consultationsAvailable,
    generalInquiriesAvailable: s.generalInquiriesAvailable,
    loginPrompt: s.loginPrompt,
    canShowPartNumbers: s.canShowPartNumbers,
  };
}

/**
 * spec 001 §7: the page URL is sent with '&' replaced by '|'. Kept only when it is one of the catalogue's own
 * pages (a relative path under /catalogo/catalog/), so it can be shown or linked back without becoming an
 * open redirect.
 */
export function catalogPageUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  const url = raw.replace(/\|/g, '&');
  return /^\/catalogo\/catalog\/[^\s]*$/.test(url) && !url.startsWith('//') ? url : null;
}

export function presentCatalog(c: CatalogRow) {
  return { code: c.code, brand: c.brand, name: c.name, features: c.features.map((name) => ({ name })) };
}

/** The VIN a vehicle was reached by travels in its ssd (masked mark `m` included), for that vehicle only. */
function vinOf(v: VehicleRow, state: SsdState): Pick<SsdState, 'vin' | 'm'> {
  const vin = state.v === v.vehicle_id ? state.vin : undefined;
  return vin ? { vin, ...(state.m ? { m: state.m } : {}) } : {};
}

export function vehicleSsd(ssd: SsdWriter, v: VehicleRow, state: SsdState): string {
  return ssd.encode({ c: v.catalog_code, v: v.vehicle_id, ...vinOf(v, state) });
}

export function presentVehicle(ssd: SsdWriter, v: VehicleRow, state: SsdState) {
  return {
    brand: v.brand,
    name: v.name,
    vehicleId: v.vehicle_id,
    ssd: vehicleSsd(ssd, v, state),
    // A VIN that came in a vehicle token is never shown whole (privacy of a plate lookup).
    vehicleVIN: state.v === v.vehicle_id && state.vin ? (state.m ? maskIdentityNumber(state.vin) : state.vin) : null,
    catalog: v.catalog_code,
    attributes: v.attributes,
  };
}

export function presentUnit(ssd: SsdWriter, u: UnitRow, v: VehicleRow, state: SsdState, names: CatalogNames) {
  const url = UNIT_IMAGE_PATH(u.unit_id, names.language);
  return {
    unitId: u.unit_id,
    name: names.of(u),
    code: u.code,
    imageUrl: url,
    largeImageUrl: url,
    ssd: ssd.encode({ c: v.catalog_code, v: v.vehicle_id, u: u.unit_id, ...vinOf(v, state) }),
  };
}

export function presentPart(p: PartRow, names: CatalogNames, state: SsdState, v: VehicleRow, showNumbers: boolean) {
  return {
    codeOnImage: p.code_on_image,
    // spec 001 §9: part numbers only within the free-showing threshold or with consultations available.
    oem: showNumbers ? p.oem : null,
    name: names.of(p),
    // The part fits this exact vehicle: the vehicle was reached by its VIN.
    match: Boolean(state.vin) && state.v === v.vehicle_id,
    attributes: [{ name: 'amount', value: String(p.amount) }],
  };
}

/** The model names of a catalogue's vehicles, each an option of the 'Modelo' filter (spec 001 §7 wizard). */
export function modelOptions(ssd: SsdWriter, catalogCode: string, vehicles: VehicleRow[]) {
  const names = [...new Set(vehicles.map(modelOf))].sort((a, b) => a.localeCompare(b, 'es'));
  const options = names.map((name) => ({ key: ssd.encode({ c: catalogCode, f: { [MODEL_FILTER]: name } }), value: name }));
  return [{ name: MODEL_FILTER, options }];
}

/**
 * The vehicles of a catalogue that match the chosen filters, and each filter with its options: a VIN sets the
 * model, year and engine of its vehicle (automatic filters); an option's ssd chooses it on top of the others.
 */
export function filterVehicles(ssd: SsdWriter, catalogCode: string, all: VehicleRow[], state: SsdState) {
  const vinVehicle = state.vin && state.v ? all.find((v) => v.vehicle_id === state.v) : undefined;
  const automatic: Record<string, string> = {};
  if (vinVehicle) for (const k of AUTOMATIC_KEYS) automatic[k] = attributeOf(vinVehicle, k) ?? '';
  const chosen: Record<string, string> = { ...(state.f ?? {}), ...automatic };
  const matches = (v: VehicleRow, except?: string) =>
    Object.entries(chosen).every(([k, value]) => k === except || attributeOf(v, k) === value);
  const base: SsdState = { c: catalogCode, ...(vinVehicle ? { v: state.v, vin: state.vin, ...(state.m ? { m: state.m } : {}) } : {}) };
  const encodeWith = (f: Record<string, string>) => {
    const own = Object.fromEntries(Object.entries(f).filter(([k]) => !(k in automatic)));
    return ssd.encode({ ...base, ...(Object.keys(own).length ? { f: own } : {}) });
  };
  const filters = FILTER_KEYS.map((key) => {
    const values = [
      ...new Set(
        all
          .filter((v) => matches(v, key))
          .map((v) => attributeOf(v, key))
          .filter((x): x is string => x !== null),
      ),
    ].sort((a, b) => a.localeCompare(b, 'es', { numeric: true }));
    const without = Object.fromEntries(Object.entries(chosen).filter(([k]) => k !== key));
    return {
      name: key,
      key,
      value: chosen[key] ?? null,
      options: values.map((value) => ({ key: encodeWith({ ...chosen, [key]: value }), value })),
      automatic: key in automatic,
      ssd: key in automatic ? encodeWith(chosen) : encodeWith(without),
    };
  });
  return { vehicles: all.filter((v) => matches(v)), filters };
}

/** A node's key and the keys of everything under it, in a tree given by parent links. */
export function subtreeKeys<R>(rows: R[], root: string, keyOf: (r: R) => string, parentOf: (r: R) => string | null): Set<string> {
  const keys = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      const parent = parentOf(r);
      if (parent && keys.has(parent) && !keys.has(keyOf(r))) {
        keys.add(keyOf(r));
        grew = true;
      }
    }
  }
  return keys;
}

/** The category tree down to the categories that hold one of the vehicle's units (empty branches dropped). */
export function categoryTree(rows: CategoryRow[], units: UnitRow[], ssd: string, names: CatalogNames): Category[] {
  const withUnits = new Set(units.map((u) => u.category_key));
  const children = new Map<string | null, CategoryRow[]>();
  for (const r of rows) children.set(r.parent_key, [...(children.get(r.parent_key) ?? []), r]);
  const build = (parent: string | null): Category[] =>
    (children.get(parent) ?? []).flatMap((r) => {
      const childrens = build(r.key);
      if (childrens.length === 0 && !withUnits.has(r.key)) return [];
      return [{ categoryId: r.category_id, name: names.of(r), ssd, childrens }];
    });
  return build(null);
}

/** The quick-group tree down to the groups naming a part type the vehicle has (empty branches dropped). */
export function quickGroupTree(rows: QuickGroupRow[], types: Set<string>, names: CatalogNames): QuickGroup[] {
  const children = new Map<string | null, QuickGroupRow[]>();
  for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  const build = (parent: string | null): QuickGroup[] =>
    (children.get(parent) ?? []).flatMap((r) => {
      const childGroups = build(r.quick_group_id);
      if (childGroups.length === 0 && !r.part_types.some((x) => types.has(x))) return [];
      return [{ quickGroupId: r.quick_group_id, name: names.of(r), childGroups }];
    });
  return build(null);
}

/** Parts grouped by category and unit (spec 001 §3 "Category: name, units[]"; "Unit: … parts[]"), in category order. */
export function partsByCategory(
  ssd: SsdWriter,
  parts: PartRow[],
  units: UnitRow[],
  categories: CategoryRow[],
  vehicle: VehicleRow,
  state: SsdState,
  names: CatalogNames,
  showNumbers: boolean,
) {
  return categories.flatMap((c) => {
    const inCategory = units.filter((u) => u.category_id === c.category_id);
    if (inCategory.length === 0) return [];
    return [
      {
        categoryId: c.category_id,
        name: names.of(c),
        units: inCategory.map((u) => ({
          ...presentUnit(ssd, u, vehicle, state, names),
          parts: parts.filter((p) => p.unit_id === u.unit_id).map((p) => presentPart(p, names, state, vehicle, showNumbers)),
        })),
      },
    ];
  });
}
