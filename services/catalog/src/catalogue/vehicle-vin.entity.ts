import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { vehicleChangesTrigger } from './vehicle-changes.js';

/** The catalogue's own VIN index: a VIN here names its vehicle exactly (it comes before any decoding). */
export const VehicleVin = defineEntity({
  name: 'VehicleVin',
  tableName: 'vehicle_vins',
  triggers: [vehicleChangesTrigger('vehicle_vins')],
  properties: {
    vin: p.text().primary(),
    vehicleId: p.text(),
  },
});
export type VehicleVin = InferEntity<typeof VehicleVin>;

/** Japanese-market frame numbers (e.g. GRJ150-0012345) of the catalogue's vehicles. */
export const VehicleFrame = defineEntity({
  name: 'VehicleFrame',
  tableName: 'vehicle_frames',
  triggers: [vehicleChangesTrigger('vehicle_frames')],
  properties: {
    frame: p.text().primary(),
    vehicleId: p.text(),
  },
});
export type VehicleFrame = InferEntity<typeof VehicleFrame>;
