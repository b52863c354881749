import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The national registry the built-in plate provider answers from (RUNT-like for CO, REPUVE-like for MX),
 * seeded from @tuerca/demo-data; its properties are the registry port's names.
 */
export const RegistryVehicle = defineEntity({
  name: 'RegistryVehicle',
  tableName: 'registry_vehicles',
  properties: {
    country: p.enum(['CO', 'MX'] as const).primary(),
    plate: p.text().primary(),
    vin: p.text(),
    makeKey: p.text(),
    make: p.text(),
    model: p.text(),
    year: p.integer(),
    engineCode: p.text().nullable(),
    engineNumber: p.text().nullable(),
    chassisNumber: p.text().nullable(),
    cylinderCapacity: p.integer().nullable(),
    cylinders: p.integer().nullable(),
    fuel: p.text().nullable(),
    vehicleClass: p.text().nullable(),
    bodyType: p.text().nullable(),
    doors: p.integer().nullable(),
    color: p.text().nullable(),
    city: p.text().nullable(),
    countryOfOrigin: p.text().nullable(),
  },
});
export type RegistryVehicle = InferEntity<typeof RegistryVehicle>;
