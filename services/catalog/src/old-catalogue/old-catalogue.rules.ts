import { createHash } from 'node:crypto';
import type { CatalogLanguage, OldCar, OldFilter, OldPosition } from '@tuerca/contracts';
import type { NameValue } from '../catalogue/catalog-vehicle.entity.js';
import { modelOf } from '../catalogue/catalog-vehicle.rules.js';
import type { ImageMapBox } from '../catalogue/unit.entity.js';

/** A catalogue vehicle as the old generation reads it (the same rows version 2 reads). */
export interface OldVehicleRow {
  vehicleId: string;
  platformId: string;
  catalog: string;
  brand: string;
  name: string;
  yearFrom: number;
  yearTo: number;
  market: string;
  attributes: NameValue[];
}

const digest = (s: string, n: number) => createHash('sha256').update(s, 'utf8').digest('hex').slice(0, n);

/** Lower case, no accents, single spaces: the spelling an identity is hashed in. */
export function identityText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A car's id, derived from the vehicle's identity — its catalogue, its name (model, displacement, engine code,
 * model years, series) and its market — never from a sequence or the import's own ids, so a bookmark or a
 * shared link keeps opening the same car after the catalogue is imported again (issue 17).
 */
export function carIdOf(v: { catalog: string; name: string; market: string }): string {
  return `c${digest(`${identityText(v.catalog)}|${identityText(v.name)}|${identityText(v.market)}`, 23)}`;
}

/** A model's id: its catalogue and its name (stable for the same reason as a car's). */
export function modelIdOf(catalogCode: string, modelName: string): string {
  return `m${digest(`${identityText(catalogCode)}|${identityText(modelName)}`, 15)}`;
}

/** The model a car belongs to (the same reading version 2's model list uses). */
export const modelNameOf = modelOf;

const NO_TRANSLATIONS: ReadonlyMap<string, string> = new Map();

/**
 * spec 001 §9 "Catalogue languages": Spanish and English names are held with the rows; the other languages
 * come from the catalogue's translations (Spanish name → name), and fall back to Spanish without one.
 */
export function nameOf(
  language: CatalogLanguage,
  row: { nameEs: string; nameEn: string },
  translated: ReadonlyMap<string, string> = NO_TRANSLATIONS,
): string {
  if (language === 'es_ES') return row.nameEs;
  if (language === 'en_US') return row.nameEn || row.nameEs;
  return translated.get(row.nameEs) ?? row.nameEs;
}

/** A filter's key in the route (`&{filterKey}={idx}`, spec 001 §2): the attribute's name as a lower-case ASCII word. */
export function filterKeyOf(attribute: string): string {
  // 'Año' → 'anio' (as Spanish writes it without the letter ñ), not 'ano'.
  return identityText(attribute.replace(/ñ/g, 'ni').replace(/Ñ/g, 'Ni'))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `anio=1&motor=0` → { anio: 1, motor: 0 } (the contract already checked the shape). */
export function parseParameter(parameter: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pair of parameter.split('&').filter(Boolean)) {
    const [key, idx] = pair.split('=');
    if (key && idx !== undefined) out[key] = Number(idx);
  }
  return out;
}

/**
 * spec 001 §3 "Filter: key, name, values[]{idx, value}": one filter per attribute of the model's cars that
 * tells them apart (an attribute every car shares filters nothing). `idx` is the value's place among all the
 * model's values, so a link's `&anio=1` keeps its meaning whatever else is chosen.
 */
export function filtersOf(cars: OldVehicleRow[], chosen: Record<string, number>): OldFilter[] {
  const names: string[] = [];
  for (const c of cars) for (const a of c.attributes) if (!names.includes(a.name)) names.push(a.name);
  return names.flatMap((name) => {
    const values = [...new Set(cars.map((c) => c.attributes.find((a) => a.name === name)?.value).filter((v): v is string => !!v))].sort(
      (a, b) => a.localeCompare(b, 'es', { numeric: true }),
    );
    if (values.length < 2) return [];
    const key = filterKeyOf(name);
    const selected = chosen[key];
    return [
      {
        key,
        name,
        values: values.map((value, idx) => ({ idx, value })),
        selected: selected !== undefined && selected < values.length ? selected : null,
      },
    ];
  });
}

/** The cars matching every chosen filter; a key or idx that names nothing matches no car (never all of them). */
export function applyFilters(cars: OldVehicleRow[], filters: OldFilter[], chosen: Record<string, number>): OldVehicleRow[] {
  const wanted = Object.entries(chosen).map(([key, idx]) => {
    const filter = filters.find((f) => f.key === key);
    return { name: filter?.name ?? null, value: filter?.values[idx]?.value ?? null };
  });
  return cars.filter((c) =>
    wanted.every((w) => w.name !== null && w.value !== null && c.attributes.some((a) => a.name === w.name && a.value === w.value)),
  );
}

/** Cars in a stable order: name, then market, then id. */
export function sortCars(cars: OldVehicleRow[]): OldVehicleRow[] {
  return [...cars].sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'es', { numeric: true }) || a.market.localeCompare(b.market) || a.vehicleId.localeCompare(b.vehicleId),
  );
}

/** spec 001 §3 "Car: brand, name, description, parameters[]{name, value}". */
export function presentCar(v: OldVehicleRow, catalogId: string): OldCar {
  const model = modelNameOf(v);
  const years = v.yearFrom === v.yearTo ? String(v.yearFrom) : `${v.yearFrom}-${v.yearTo}`;
  const market = v.market === 'MX' ? 'México' : 'Colombia';
  return {
    carId: carIdOf(v),
    catalogId,
    modelId: modelIdOf(v.catalog, model),
    modelName: model,
    brand: v.brand,
    name: v.name,
    description: `${v.brand} ${model} ${years}, ${market}`,
    parameters: v.attributes,
  };
}

export interface OldPartInput {
  codeOnImage: string;
  oem: string;
  nameEs: string;
  nameEn: string;
  amount: number;
}

/**
 * spec 001 §3 "positions (number; x, y, width, height; parts; repeat flag)": one position per box of the
 * diagram's image map, with the parts drawn under that number. `repeat` marks a number already drawn by an
 * earlier box; part numbers are null past the showing threshold (spec 001 §9).
 */
export function positionsOf(
  boxes: ImageMapBox[],
  parts: OldPartInput[],
  language: CatalogLanguage,
  showNumbers: boolean,
  translated: ReadonlyMap<string, string> = NO_TRANSLATIONS,
): OldPosition[] {
  const seen = new Set<string>();
  return boxes.map((b) => {
    const repeat = seen.has(b.code);
    seen.add(b.code);
    return {
      number: b.code,
      x: b.x1,
      y: b.y1,
      width: b.x2 - b.x1,
      height: b.y2 - b.y1,
      parts: parts
        .filter((p) => p.codeOnImage === b.code)
        .map((p) => ({ number: showNumbers ? p.oem : null, name: nameOf(language, p, translated) })),
      repeat,
    };
  });
}
