import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const VEHICLE_COUNTRIES = ['CO', 'MX'] as const;
export const VEHICLE_SOURCES = ['manual', 'plate-lookup'] as const;
export const IMAGE_KINDS = ['photo', 'property_card'] as const;

/**
 * A vehicle of a person's garage (spec 001 §3): the common fields in columns, the country's own in `details`.
 * Removal is soft (`deletedAt`); one live vehicle per person and plate (`vehicles_user_plate`).
 */
export const Vehicle = defineEntity({
  name: 'Vehicle',
  tableName: 'vehicles',
  properties: {
    id: p.uuid().primary(),
    userId: p.text(),
    country: p.enum(VEHICLE_COUNTRIES),
    brandId: p.text().nullable(),
    brand: p.text(),
    model: p.text(),
    year: p.integer(),
    vin: p.text().nullable(),
    licensePlate: p.text(),
    cylinderCapacity: p.text(),
    class: p.text().nullable(),
    bodyType: p.text().nullable(),
    numberOfDoors: p.integer().nullable(),
    complement: p.text().nullable(),
    isVerified: p.boolean().default(false),
    isTest: p.boolean().default(false),
    details: p.json<Record<string, unknown>>().columnType('jsonb').defaultRaw(`'{}'`),
    propertyCardImage: p.text().nullable(),
    source: p.enum(VEHICLE_SOURCES),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
    /** Identity numbers a registry supplied (a plate lookup), shown masked: 'vin', 'engine_number', 'chassis_number'. */
    registryFields: p.array<string>().columnType('text[]').defaultRaw(`'{}'`),
  },
  checks: [
    { name: 'vehicles_year_check', expression: 'year >= 1901 and year <= 2155' },
    { name: 'vehicles_complement_check', expression: 'char_length(complement) <= 512' },
  ],
  uniques: [{ name: 'vehicles_user_plate', properties: ['userId', 'licensePlate'], where: 'deleted_at is null' }],
  indexes: [
    { name: 'vehicles_user', expression: 'create index vehicles_user on vehicles (user_id, created_at desc) where deleted_at is null' },
  ],
});
export type Vehicle = InferEntity<typeof Vehicle>;

/** A vehicle's uploaded image (a photo or its property card); the file itself lives in FileStorage under `fileName`. */
export const VehicleImage = defineEntity({
  name: 'VehicleImage',
  tableName: 'vehicle_images',
  properties: {
    id: p.uuid().primary(),
    vehicle: () =>
      p
        .manyToOne(Vehicle)
        .fieldName('vehicle_id')
        .foreignKeyName('vehicle_images_vehicle_id_fkey')
        .deleteRule('no action')
        .index('vehicle_images_vehicle'),
    userId: p.text(),
    kind: p.enum(IMAGE_KINDS),
    fileName: p.text(),
    contentType: p.text(),
    sizeBytes: p.integer(),
    createdAt: p.datetime(),
  },
});
export type VehicleImage = InferEntity<typeof VehicleImage>;
