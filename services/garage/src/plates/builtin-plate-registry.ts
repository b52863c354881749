import type { PlateCountry } from '@tuerca/contracts';
import { kysely, type ContextDatabase } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { PlateRegistry, PlateRegistryUnavailableError, type RegistryVehicle } from './plate-registry.port.js';

/** Answers from garage's seeded `registry_vehicles` table; can play a provider outage (PLATE_REGISTRY_OUTAGE, tests). */
export class BuiltinPlateRegistry extends PlateRegistry {
  constructor(
    private readonly db: ContextDatabase,
    private outage = false,
  ) {
    super();
  }

  /** Switches the simulated outage on or off (demos and tests of the 503 path). */
  simulateOutage(on: boolean): void {
    this.outage = on;
  }

  async find(country: PlateCountry, plate: string): Promise<RegistryVehicle | null> {
    if (this.outage) throw new PlateRegistryUnavailableError('simulated outage');
    const r = await kysely<GarageDB>(this.db.em())
      .selectFrom('RegistryVehicle')
      .selectAll()
      .where('country', '=', country)
      .where('plate', '=', plate)
      .executeTakeFirst();
    if (!r) return null;
    return {
      country: r.country,
      plate: r.plate,
      vin: r.vin,
      makeKey: r.makeKey,
      make: r.make,
      model: r.model,
      year: r.year,
      engineCode: r.engineCode ?? null,
      engineNumber: r.engineNumber ?? null,
      chassisNumber: r.chassisNumber ?? null,
      cylinderCapacity: r.cylinderCapacity ?? null,
      cylinders: r.cylinders ?? null,
      fuel: r.fuel ?? null,
      vehicleClass: r.vehicleClass ?? null,
      bodyType: r.bodyType ?? null,
      doors: r.doors ?? null,
      color: r.color ?? null,
      city: r.city ?? null,
      countryOfOrigin: r.countryOfOrigin ?? null,
    };
  }
}
