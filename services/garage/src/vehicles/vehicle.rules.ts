import { t, type VehicleInput } from '@tuerca/contracts';
import { DomainError, ValidationError } from '@tuerca/platform';

export type Country = 'CO' | 'MX';

/** A `vehicles` row as the reader selects it (with `has_catalog` from the vin_catalog read model). */
export interface VehicleRow {
  id: string;
  user_id: string;
  country: Country;
  brand_id: string | null;
  brand: string;
  model: string;
  year: number;
  vin: string | null;
  license_plate: string;
  cylinder_capacity: string;
  class: string | null;
  body_type: string | null;
  number_of_doors: number | null;
  complement: string | null;
  is_verified: boolean;
  is_test: boolean;
  details: Record<string, unknown>;
  property_card_image: string | null;
  source: 'manual' | 'plate-lookup';
  created_at: Date | string;
  updated_at: Date | string;
  has_catalog?: boolean | null;
}

/** spec 001 §3: the fields only one country's vehicle has; they live in `details`. */
export const COUNTRY_FIELDS: Record<Country, readonly string[]> = {
  MX: ['number_of_cylinders', 'number_of_axes', 'version', 'city', 'country_of_origin'],
  CO: ['engine_number', 'chassis_number', 'fuel_type', 'color', 'city', 'transit_agency'],
};

export const COMMON_FIELDS = [
  'brand_id',
  'brand',
  'model',
  'year',
  'vin',
  'cylinder_capacity',
  'license_plate',
  'class',
  'body_type',
  'number_of_doors',
  'complement',
  'is_test',
] as const;

/** The columns of a parsed input, with the country's own fields gathered into `details`. */
export function columnsOf(input: VehicleInput) {
  const record = input as unknown as Record<string, unknown>;
  const details = Object.fromEntries(COUNTRY_FIELDS[input.country].map((f) => [f, record[f] ?? null]));
  return {
    country: input.country,
    brand_id: input.brand_id ?? null,
    brand: input.brand,
    model: input.model,
    year: input.year,
    vin: input.vin ?? null,
    license_plate: input.license_plate,
    cylinder_capacity: input.cylinder_capacity,
    class: input.class ?? null,
    body_type: input.body_type ?? null,
    number_of_doors: input.number_of_doors ?? null,
    complement: input.complement ?? null,
    is_test: input.is_test ?? false,
    details,
  };
}

/** The stored vehicle in the shape of the input schema, so a partial change can be merged and re-validated. */
export function inputOf(row: VehicleRow): Record<string, unknown> {
  const input: Record<string, unknown> = { country: row.country };
  for (const f of COMMON_FIELDS) input[f] = f === 'vin' ? row.vin : row[f];
  for (const f of COUNTRY_FIELDS[row.country]) input[f] = row.details?.[f] ?? null;
  return input;
}

/**
 * A partial change merged onto the stored vehicle. spec 001 §5: every field is locked once the vehicle
 * is verified; the country never changes (it decides the field set). Changing the brand by name alone
 * drops the old brand_id, so the brand is looked up in the list again.
 */
export function mergeChange(row: VehicleRow, patch: Record<string, unknown>): Record<string, unknown> {
  if (row.is_verified) throw new DomainError(409, 'Vehicle verified', [t('vehicleForm.verifiedLocked')]);
  if ('country' in patch && patch.country !== row.country) {
    throw new ValidationError([t('garage.countryCannotChange')], [{ path: 'country', message: t('garage.countryCannotChange') }]);
  }
  const merged: Record<string, unknown> = { ...inputOf(row), ...patch, country: row.country };
  if ('brand' in patch && !('brand_id' in patch)) merged.brand_id = null;
  return merged;
}

/** Accent- and case-insensitive form of a search text (the SQL side uses `fold()` below). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const ACCENTED = 'áàäâãéèëêíìïîóòöôõúùüûñç';
const PLAIN = 'aaaaaeeeeiiiiooooouuuunc';

/** SQL expression folding a text column the way `foldText` folds the search text. */
export function fold(sqlExpr: string): string {
  return `translate(lower(${sqlExpr}), '${ACCENTED}', '${PLAIN}')`;
}

/** `%text%` for LIKE, with LIKE's own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Plates and VINs are stored uppercased without separators; a search text is compared the same way. */
export function compactCode(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export const imageUrl = (imageId: string): string => `/api/garage/vehicle/images/${imageId}`;

/** The vehicle as the consoles read it: the spec's field names (001 §3) plus the catalogue flag. */
export function toVehicleView(row: VehicleRow) {
  const details = Object.fromEntries(COUNTRY_FIELDS[row.country].map((f) => [f, row.details?.[f] ?? null]));
  return {
    id: row.id,
    country: row.country,
    brand_id: row.brand_id,
    brand: row.brand,
    model: row.model,
    year: row.year,
    VIN: row.vin,
    /** The input schema's name for the VIN, so a view can be sent back as a change. */
    vin: row.vin,
    cylinder_capacity: row.cylinder_capacity,
    class: row.class,
    body_type: row.body_type,
    number_of_doors: row.number_of_doors,
    license_plate: row.license_plate,
    complement: row.complement,
    ...details,
    is_verified: row.is_verified,
    is_test: row.is_test,
    property_card_image: row.property_card_image ? imageUrl(row.property_card_image) : null,
    source: row.source,
    /** Whether the VIN opens a catalogue (vehicle card buttons); from the vin_catalog read model, null while the catalogue has not said. */
    hasCatalog: row.has_catalog ?? null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type VehicleView = ReturnType<typeof toVehicleView>;

// ---- images -------------------------------------------------------------------------------------

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export const IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_VEHICLE = 10;
export const EXTENSION: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The image type by its magic bytes, never by what the client declared. */
export function sniffImageType(data: Uint8Array): ImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
  if (data.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (data.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (data.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Checks one uploaded image: type by content, matching the declared one, and size. */
export function checkImage(declared: string, data: Uint8Array, path: string): ImageType {
  const sniffed = sniffImageType(data);
  const fail = (message: string) => {
    throw new ValidationError([message], [{ path, message }]);
  };
  if (!sniffed) return fail(t('garage.imageInvalidType'));
  if (sniffed !== declared.toLowerCase().replace('image/jpg', 'image/jpeg')) return fail(t('garage.imageTypeMismatch', { declared }));
  if (data.length > MAX_IMAGE_BYTES) return fail(t('garage.imageTooLarge', { maxMb: MAX_IMAGE_BYTES / 1024 / 1024 }));
  return sniffed;
}
