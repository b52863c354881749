import { DEMO_MAKES, DEFAULT_SEED, demoRegistryVehicles } from '@tuerca/demo-data';
import type { ContextDatabase } from '@tuerca/platform';

/** Vehicle brands and the national-registry vehicles the built-in plate provider answers from; idempotent. */
export async function seedGarage(db: ContextDatabase, options: { seed?: number; scale?: number } = {}): Promise<number> {
  const seed = options.seed ?? DEFAULT_SEED;
  const vehicles = demoRegistryVehicles(seed, options.scale ?? 1);
  await db.transactional(async (em) => {
    for (const make of DEMO_MAKES) {
      await em.execute(
        `insert into vehicle_brands (id, name, active, country_of_origin, logo_file) values (?, ?, true, ?, ?) on conflict (id) do nothing`,
        [make.key, make.name, make.countryOfOrigin, `${make.key}.webp`],
      );
    }
    for (let i = 0; i < vehicles.length; i += 500) {
      const chunk = vehicles.slice(i, i + 500);
      await em.execute(
        `insert into registry_vehicles (country, plate, vin, make_key, make, model, year, engine_code, engine_number, chassis_number,
           cylinder_capacity, cylinders, fuel, vehicle_class, body_type, doors, color, city, country_of_origin)
         select * from jsonb_to_recordset(?::jsonb) as r(country text, plate text, vin text, "makeKey" text, make text, model text, year int,
           "engineCode" text, "engineNumber" text, "chassisNumber" text, "cylinderCapacity" int, cylinders int, fuel text,
           "vehicleClass" text, "bodyType" text, doors int, color text, city text, "countryOfOrigin" text)
         on conflict (country, plate) do nothing`,
        [JSON.stringify(chunk)],
      );
    }
  });
  return vehicles.length;
}
