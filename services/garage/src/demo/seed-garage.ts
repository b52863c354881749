import { DEMO_MAKES, DEFAULT_SEED, demoRegistryVehicles } from '@tuerca/demo-data';
import { kysely, type ContextDatabase } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';

/** Vehicle brands and the national-registry vehicles the built-in plate provider answers from; idempotent. */
export async function seedGarage(db: ContextDatabase, options: { seed?: number; scale?: number } = {}): Promise<number> {
  const seed = options.seed ?? DEFAULT_SEED;
  const vehicles = demoRegistryVehicles(seed, options.scale ?? 1);
  await db.transactional(async (em) => {
    const garage = kysely<GarageDB>(em);
    await garage
      .insertInto('VehicleBrand')
      .values(
        DEMO_MAKES.map((make) => ({
          id: make.key,
          name: make.name,
          active: true,
          countryOfOrigin: make.countryOfOrigin,
          logoFile: `${make.key}.webp`,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // 500 rows of 19 columns a statement, well under PostgreSQL's 65,535 parameters.
    for (let i = 0; i < vehicles.length; i += 500) {
      await garage
        .insertInto('RegistryVehicle')
        .values(
          vehicles.slice(i, i + 500).map((v) => ({
            country: v.country,
            plate: v.plate,
            vin: v.vin,
            makeKey: v.makeKey,
            make: v.make,
            model: v.model,
            year: v.year,
            engineCode: v.engineCode,
            engineNumber: v.engineNumber,
            chassisNumber: v.chassisNumber,
            cylinderCapacity: v.cylinderCapacity,
            cylinders: v.cylinders,
            fuel: v.fuel,
            vehicleClass: v.vehicleClass,
            bodyType: v.bodyType,
            doors: v.doors,
            color: v.color,
            city: v.city,
            countryOfOrigin: v.countryOfOrigin,
          })),
        )
        .onConflict((oc) => oc.columns(['country', 'plate']).doNothing())
        .execute();
    }
  });
  return vehicles.length;
}
