import type { PlateCountry } from '@tuerca/contracts';
import type { ContextDatabase } from '@tuerca/platform';
import { PlateRegistry, PlateRegistryUnavailableError, type RegistryVehicle } from './plate-registry.port.js';

interface RegistryRow {
  country: 'CO' | 'MX';
  plate: string;
  vin: string;
  make_key: string;
  make: string;
  model: string;
  year: number;
  engine_code: string | null;
  engine_number: string | null;
  chassis_number: string | null;
  cylinder_capacity: number | null;
  cylinders: number | null;
  fuel: string | null;
  vehicle_class: string | null;
  body_type: string | null;
  doors: number | null;
  color: string | null;
  city: string | null;
  country_of_origin: string | null;
}

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
    const rows = await this.db
      .em()
      .execute<RegistryRow[]>('select * from registry_vehicles where country = ? and plate = ?', [country, plate]);
    const r = rows[0];
    if (!r) return null;
    return {
      country: r.country,
      plate: r.plate,
      vin: r.vin,
      makeKey: r.make_key,
      make: r.make,
      model: r.model,
      year: r.year,
      engineCode: r.engine_code,
      engineNumber: r.engine_number,
      chassisNumber: r.chassis_number,
      cylinderCapacity: r.cylinder_capacity,
      cylinders: r.cylinders,
      fuel: r.fuel,
      vehicleClass: r.vehicle_class,
      bodyType: r.body_type,
      doors: r.doors,
      color: r.color,
      city: r.city,
      countryOfOrigin: r.country_of_origin,
    };
  }
}
