import { maskIdentityNumber, t, type MeterStatus, type PlateCountry } from '@tuerca/contracts';
import type { RegistryVehicle } from './plate-registry.port.js';

export type LookupVariant = 'premium' | 'free';

/** The vehicle a plate lookup answers, with the spec's vehicle field names (001 §3). */
export interface PlateVehicle {
  country: PlateCountry;
  license_plate: string;
  brand_id: string | null;
  brand: string;
  model: string;
  year: number;
  cylinder_capacity: string | null;
  number_of_cylinders: number | null;
  class: string | null;
  body_type: string | null;
  fuel_type: string | null;
  number_of_doors: number | null;
  country_of_origin: string | null;
  /** Premium only: the identifying numbers (masked) and registration data. */
  vin?: string | null;
  engine_code?: string | null;
  engine_number?: string | null;
  chassis_number?: string | null;
  color?: string | null;
  city?: string | null;
}

/**
 * What a plate tells whoever typed it (issue: privacy of a plate lookup): the vehicle — make, model, year,
 * engine size, body, fuel — never its identity numbers whole. The premium lookup adds the registration data
 * (engine code, colour, city) and the VIN, engine and chassis numbers masked ('JM1••••••••••0001'); the free
 * one leaves those out. The catalogue link travels as an opaque token (`catalogToken`), never as the VIN.
 */
export function presentVehicle(r: RegistryVehicle, variant: LookupVariant): PlateVehicle {
  const base: PlateVehicle = {
    country: r.country,
    license_plate: r.plate,
    brand_id: r.makeKey,
    brand: r.make,
    model: r.model,
    year: r.year,
    cylinder_capacity: r.cylinderCapacity === null ? null : String(r.cylinderCapacity),
    number_of_cylinders: r.cylinders,
    class: r.vehicleClass,
    body_type: r.bodyType,
    fuel_type: r.fuel,
    number_of_doors: r.doors,
    country_of_origin: r.countryOfOrigin,
  };
  if (variant === 'free') return base;
  return {
    ...base,
    vin: maskIdentityNumber(r.vin),
    engine_code: r.engineCode,
    engine_number: maskIdentityNumber(r.engineNumber),
    chassis_number: maskIdentityNumber(r.chassisNumber),
    color: r.color,
    city: r.city,
  };
}

/**
 * The garage row of a looked-up vehicle: common columns, and the country's own fields (001 §3) in `details`.
 * Of the registry's identity numbers only the VIN is kept (the catalogue link needs it), marked as the
 * registry's so it stays masked; engine and chassis numbers are not stored at all.
 */
export function garageRowOf(v: PlateVehicle, registryVin: string | null) {
  const details: Record<string, string | number | null> =
    v.country === 'MX'
      ? { number_of_cylinders: v.number_of_cylinders, city: v.city ?? null, country_of_origin: v.country_of_origin }
      : {
          fuel_type: v.fuel_type,
          color: v.color ?? null,
          city: v.city ?? null,
        };
  return {
    country: v.country,
    brand_id: v.brand_id,
    brand: v.brand,
    model: v.model,
    year: v.year,
    vin: registryVin,
    registry_fields: registryVin ? ['vin'] : [],
    license_plate: v.license_plate,
    cylinder_capacity: v.cylinder_capacity ?? '',
    class: v.class,
    body_type: v.body_type,
    number_of_doors: v.number_of_doors,
    details: Object.fromEntries(Object.entries(details).filter(([, value]) => value !== null && value !== undefined)),
  };
}

/** spec 001 §3 "Quota metadata": total available = plate consultations + general inquiries. */
export function quotaMetadata(s: MeterStatus) {
  return {
    consultationsByPlateAvailable: s.consultationsAvailable.amount + s.generalInquiriesAvailable.amount,
    consultationsAvailable: s.consultationsAvailable,
    generalInquiriesAvailable: s.generalInquiriesAvailable,
    searchesPerformed: s.searchesPerformed,
    loginPrompt: s.loginPrompt,
    freeRemaining: s.freeRemaining,
  };
}

/** spec 001 §8 "Plate lookup", no data: the free-search mode opens the manual form instead. */
export function notFoundTexts(plate: string, freeMode: boolean): string[] {
  return freeMode
    ? [t('plate.notFoundInTuerca', { plate }), t('plate.fillVehicleForm')]
    : [t('plate.notFound', { plate }), t('plate.notFoundDetail')];
}

/** spec 001 §8 "Plate lookup", 503: a guest is offered to register to be told; a person to wait or quote. */
export function outageTexts(isGuest: boolean): string[] {
  return [t('plate.serviceIntermittent'), isGuest ? t('plate.serviceIntermittentGuest') : t('plate.serviceIntermittentUser')];
}

/** The lookup's country: the one asked for, else the person's, else Colombia. */
export function lookupCountry(asked: PlateCountry | undefined, personCountry: PlateCountry | undefined): PlateCountry {
  return asked ?? personCountry ?? 'CO';
}
