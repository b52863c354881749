import { isMaskedIdentityNumber, maskIdentityNumber, t, type VehicleInput } from '@tuerca/contracts';
import { DomainError, ValidationError } from '@tuerca/platform';

export type Country = 'CO' | 'MX';

/** A `vehicles` row as the reader selects it. */
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
  /** Identity numbers a registry supplied (a plate lookup), shown masked: 'vin', 'engine_number', 'chassis_number'. */
  registry_fields: string[];
}

/** The numbers that identify a vehicle itself (not its model): whole only for whoever typed them. */
export const IDENTITY_FIELDS = ['vin', 'engine_number', 'chassis_number'] as const;

/**
 * A change sent back from a view: a masked identity number ('JM1••••••••••0001') is what the view showed, not
 * a new value, so it leaves the stored number as it is.
 */
export function withoutMaskedIdentity(patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...patch };
  for (const f of [...IDENTITY_FIELDS, 'VIN']) if (isMaskedIdentityNumber(out[f] as string | null)) delete out[f];
  if ('VIN' in out && !('vin' in out)) out.vin = out.VIN;
  delete out.VIN;
  return out;
}

/** After a change, the registry-supplied numbers the person has now typed themselves are theirs. */
export function registryFieldsAfter(row: VehicleRow, patch: Record<string, unknown>): string[] {
  return row.registry_fields.filter((f) => !(f in patch));
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

export { foldText } from '../search-text.js';

/** Plates and VINs are stored uppercased without separators; a search text is compared the same way. */
export function compactCode(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export const imageUrl = (imageId: string): string => `/api/garage/vehicle/images/${imageId}`;

/**
 * The vehicle as the consoles read it: the spec's field names (001 §3). Identity numbers a registry supplied
 * are masked — whole only for the person who typed them (issue: privacy of a plate lookup) — and
 * `catalogToken` is the opaque token the catalogue takes instead of the VIN.
 */
export function toVehicleView(row: VehicleRow, catalogToken: string | null) {
  const shown = (f: string, value: unknown) =>
    row.registry_fields.includes(f) && typeof value === 'string' ? maskIdentityNumber(value) : (value ?? null);
  const details = Object.fromEntries(COUNTRY_FIELDS[row.country].map((f) => [f, shown(f, row.details?.[f])]));
  const vin = shown('vin', row.vin) as string | null;
  return {
    id: row.id,
    country: row.country,
    brand_id: row.brand_id,
    brand: row.brand,
    model: row.model,
    year: row.year,
    VIN: vin,
    /** The input schema's name for the VIN, so a view can be sent back as a change (a masked one changes nothing). */
    vin,
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
    /** The VIN sealed for the catalogue (VINHasCatalog, the VIN page, parts' match); null without a VIN. */
    catalogToken,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type VehicleView = ReturnType<typeof toVehicleView>;

// ---- images -------------------------------------------------------------------------------------

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export const IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
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
