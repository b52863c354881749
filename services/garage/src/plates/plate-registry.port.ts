import { z } from 'zod';
import type { PlateCountry } from '@tuerca/contracts';

/** What a national registry (RUNT in Colombia, REPUVE in Mexico) says about a plate. */
export const registryVehicleSchema = z.object({
  country: z.enum(['CO', 'MX']),
  plate: z.string(),
  vin: z.string().nullable(),
  makeKey: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  engineCode: z.string().nullable(),
  engineNumber: z.string().nullable(),
  chassisNumber: z.string().nullable(),
  cylinderCapacity: z.number().int().nullable(),
  cylinders: z.number().int().nullable(),
  fuel: z.string().nullable(),
  vehicleClass: z.string().nullable(),
  bodyType: z.string().nullable(),
  doors: z.number().int().nullable(),
  color: z.string().nullable(),
  city: z.string().nullable(),
  countryOfOrigin: z.string().nullable(),
});
export type RegistryVehicle = z.infer<typeof registryVehicleSchema>;

/** The registry could not answer (down, slow, or talking nonsense): the spec's 503 path, nothing charged. */
export class PlateRegistryUnavailableError extends Error {
  constructor(reason: string) {
    super(`plate registry unavailable: ${reason}`);
    this.name = 'PlateRegistryUnavailableError';
  }
}

/**
 * The plate-registry port (DESIGN §7: the national registries have no public API, so a lookup goes
 * through a provider adapter). The abstract class is also the injection token.
 */
export abstract class PlateRegistry {
  /** The registry's record of `plate` (already normalised) in `country`; null when it has none. */
  abstract find(country: PlateCountry, plate: string): Promise<RegistryVehicle | null>;
}
