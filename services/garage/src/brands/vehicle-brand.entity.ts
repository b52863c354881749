import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A vehicle brand of the vehicle form's brand list (spec 001 §7 "Vehicle brands"); `id` is its key ('chevrolet'). */
export const VehicleBrand = defineEntity({
  name: 'VehicleBrand',
  tableName: 'vehicle_brands',
  properties: {
    id: p.text().primary(),
    name: p.text().unique('vehicle_brands_name_key'),
    active: p.boolean().default(true),
    countryOfOrigin: p.text().nullable(),
    logoFile: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type VehicleBrand = InferEntity<typeof VehicleBrand>;
