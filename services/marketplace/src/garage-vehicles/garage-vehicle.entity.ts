import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A person's garage vehicle as the marketplace keeps it from the garage's events (VehicleSavedToGarage,
 * VehicleUpdated, VehicleRemovedFromGarage) — never read from the garage's tables — so a purchase can name
 * the vehicle its parts are for (associateVehicleToPurchase).
 */
export const GarageVehicle = defineEntity({
  name: 'GarageVehicle',
  tableName: 'garage_vehicles',
  properties: {
    vehicleId: p.uuid().primary(),
    userId: p.text(),
    country: p.text(),
    licensePlate: p.text(),
    brand: p.text(),
    model: p.text(),
    year: p.integer(),
    removedAt: p.datetime().nullable(),
    /** The event that last changed it (a late, older event changes nothing). */
    eventAt: p.datetime(),
  },
  indexes: [{ name: 'garage_vehicles_user', properties: ['userId'], where: 'removed_at is null' }],
});
export type GarageVehicle = InferEntity<typeof GarageVehicle>;
