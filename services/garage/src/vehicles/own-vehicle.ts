import type { EntityManager } from '@mikro-orm/postgresql';
import { t, vehicleIdSchema } from '@tuerca/contracts';
import { NotFoundError, kysely } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import type { Vehicle } from './vehicle.entity.js';
import type { VehicleRow } from './vehicle.rules.js';

/** The columns a vehicle view needs. */
export const VEHICLE_COLUMNS = [
  'id',
  'userId',
  'country',
  'brandId',
  'brand',
  'model',
  'year',
  'vin',
  'licensePlate',
  'cylinderCapacity',
  'class',
  'bodyType',
  'numberOfDoors',
  'complement',
  'isVerified',
  'isTest',
  'details',
  'propertyCardImage',
  'source',
  'createdAt',
  'updatedAt',
  'registryFields',
] as const;

/** The rules' row (the spec's field names, 001 §3) of a vehicle read with VEHICLE_COLUMNS. */
export function vehicleRowOf(v: Pick<Vehicle, (typeof VEHICLE_COLUMNS)[number]>): VehicleRow {
  return {
    id: v.id,
    user_id: v.userId,
    country: v.country,
    brand_id: v.brandId ?? null,
    brand: v.brand,
    model: v.model,
    year: v.year,
    vin: v.vin ?? null,
    license_plate: v.licensePlate,
    cylinder_capacity: v.cylinderCapacity,
    class: v.class ?? null,
    body_type: v.bodyType ?? null,
    number_of_doors: v.numberOfDoors ?? null,
    complement: v.complement ?? null,
    is_verified: v.isVerified,
    is_test: v.isTest,
    details: v.details ?? {},
    property_card_image: v.propertyCardImage ?? null,
    source: v.source,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
    registry_fields: v.registryFields ?? [],
  };
}

export function vehicleNotFound(): NotFoundError {
  return new NotFoundError(t('garage.vehicleNotFound'));
}

/**
 * The person's own live vehicle, or 404 — also for another person's id and for ids that are not
 * uuids, so ids never tell whether they exist. `forUpdate` locks the row for the transaction.
 */
export async function findOwnVehicle(em: EntityManager, userId: string, id: string, forUpdate = false): Promise<VehicleRow> {
  if (!vehicleIdSchema.safeParse(id).success) throw vehicleNotFound();
  let q = kysely<GarageDB>(em)
    .selectFrom('Vehicle')
    .select(VEHICLE_COLUMNS)
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw vehicleNotFound();
  return vehicleRowOf(row);
}

/** The person's live vehicle with this plate, if any. */
export async function vehicleWithPlate(em: EntityManager, userId: string, plate: string): Promise<VehicleRow | null> {
  const row = await kysely<GarageDB>(em)
    .selectFrom('Vehicle')
    .select(VEHICLE_COLUMNS)
    .where('userId', '=', userId)
    .where('licensePlate', '=', plate)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row ? vehicleRowOf(row) : null;
}
