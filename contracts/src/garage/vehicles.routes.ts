import { z } from 'zod';
import { listQuerySchema, pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { vehicleInputSchema } from './vehicle.js';
import { t } from '../messages/format.js';

/** spec 001 §9: lists default to 20; the garage search asks for 100, which is the most a page holds here. */
export const GARAGE_MAX_PAGE_SIZE = 100;
/** At most 10 images per vehicle (Tuerca's; the spec says nothing). */
export const MAX_IMAGES_PER_VEHICLE = 10;

export const vehicleListQuerySchema = listQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(GARAGE_MAX_PAGE_SIZE).default(20),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;

/**
 * spec 001 §7: `filter` with `searchInColumns`, over vehicle (brand and model), plate and VIN. The text
 * may come alone or as `{ value }`; `country` narrows to one country's vehicles.
 */
export const vehicleListFilterSchema = z.object({
  searchInColumns: z.union([z.string().max(100), z.object({ value: z.string().max(100) }).transform((v) => v.value)]).optional(),
  country: z.enum(['CO', 'MX']).optional(),
});
export type VehicleListFilter = z.infer<typeof vehicleListFilterSchema>;

/** Ids that are not uuids are nobody's vehicle: 404, like another person's id. */
export const vehicleIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** A partial change: any field of the form; the country, if sent, must be the vehicle's own. */
export const vehiclePatchSchema = z.record(z.string(), z.unknown());

export const vehicleImagesQuerySchema = z.object({
  id: z.string({ error: t('validation.required') }).min(1, { error: t('validation.required') }),
});

/**
 * saveVehicleImages as JSON (the app has no multipart parser): base64 content, its declared type, and
 * its kind. A property-card image replaces the previous one and becomes the vehicle's property_card_image.
 */
export const saveVehicleImagesSchema = z.object({
  id: z.string({ error: t('validation.required') }),
  images: z
    .array(
      z.object({
        kind: z.enum(['photo', 'property_card']).default('photo'),
        contentType: z.string().max(100),
        dataBase64: z
          .string()
          .min(1)
          .regex(/^[A-Za-z0-9+/\r\n]+={0,2}$/, { error: t('validation.invalidBase64') }),
      }),
    )
    .max(MAX_IMAGES_PER_VEHICLE)
    .default([]),
  /** Images of this vehicle to delete in the same save. */
  removeImageIds: z.array(z.string()).max(MAX_IMAGES_PER_VEHICLE).default([]),
});
export type SaveVehicleImagesInput = z.infer<typeof saveVehicleImagesSchema>;

const nullableText = z.string().nullable();
/** A country's own field (stored in `details`): text or a number, null when not given. */
const countryField = z.union([z.string(), z.number()]).nullable().optional();

/**
 * A garage vehicle with the spec's names (001 §3): identity numbers a registry supplied are masked,
 * `catalogToken` is the VIN sealed for the catalogue, `vin` repeats `VIN` so a view can be sent back as a change.
 */
export const garageVehicleSchema = z.object({
  id: z.uuid(),
  country: z.enum(['CO', 'MX']),
  brand_id: nullableText,
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
  VIN: nullableText,
  vin: nullableText,
  cylinder_capacity: z.string(),
  class: nullableText,
  body_type: nullableText,
  number_of_doors: z.number().int().nullable(),
  license_plate: z.string(),
  complement: nullableText,
  number_of_cylinders: countryField,
  number_of_axes: countryField,
  version: countryField,
  city: countryField,
  country_of_origin: countryField,
  engine_number: countryField,
  chassis_number: countryField,
  fuel_type: countryField,
  color: countryField,
  transit_agency: countryField,
  is_verified: z.boolean(),
  is_test: z.boolean(),
  property_card_image: nullableText,
  source: z.enum(['manual', 'plate-lookup']),
  catalogToken: nullableText,
  created_at: z.string(),
  updated_at: z.string(),
});
export type GarageVehicleView = z.infer<typeof garageVehicleSchema>;

export const vehicleImageSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['photo', 'property_card']),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
  created_at: z.string(),
});
export type VehicleImageView = z.infer<typeof vehicleImageSchema>;

const tags = ['garage'];
const idParams = z.object({ id: z.string().max(200) });

/**
 * The garage (spec 001 §7 "Plate lookup and garage"): a logged-in person's own vehicles. There is no
 * GET /:id (the spec has none). The spec's trailing-slash forms (`/garage/vehicle/`) reach the same routes.
 */
export const garageVehiclesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle',
    summary: 'Vehículos de mi garaje (filter.searchInColumns: vehículo, placa o VIN)',
    tags,
    query: vehicleListQuerySchema,
    response: pageSchema(garageVehicleSchema),
    access: 'user',
    errors: [400, 401],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/garage/vehicle',
    summary: 'Crear un vehículo en mi garaje (Colombia o México)',
    tags,
    body: vehicleInputSchema,
    response: successSchema(garageVehicleSchema),
    status: 201,
    access: 'user',
    errors: [400, 401, 409],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/garage/vehicle/:id',
    summary: 'Cambiar un vehículo de mi garaje (bloqueado si está verificado)',
    tags,
    params: idParams,
    body: vehiclePatchSchema,
    response: successSchema(garageVehicleSchema),
    access: 'user',
    errors: [400, 401, 404, 409],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/garage/vehicle/:id',
    summary: 'Quitar un vehículo de mi garaje',
    tags,
    params: idParams,
    response: successSchema(z.object({ id: z.string() })),
    access: 'user',
    errors: [401, 404],
  }),
  count: defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/countVehicles',
    summary: 'Cuántos vehículos tengo en mi garaje',
    tags,
    response: successSchema(z.number().int()),
    access: 'user',
    errors: [401],
  }),
  images: defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getVehicleImages',
    summary: 'Imágenes de un vehículo de mi garaje',
    tags,
    query: vehicleImagesQuerySchema,
    response: successSchema(z.array(vehicleImageSchema)),
    access: 'user',
    errors: [400, 401, 404],
  }),
  saveImages: defineRoute({
    method: 'PATCH',
    path: '/api/garage/vehicle/saveVehicleImages',
    summary: 'Guardar imágenes de un vehículo (JPEG, PNG o WebP, máx. 5 MB cada una, 10 por vehículo)',
    tags,
    body: saveVehicleImagesSchema,
    response: successSchema(z.array(vehicleImageSchema)),
    access: 'user',
    errors: [400, 401, 404, 409, 413],
  }),
  image: defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/images/:imageId',
    summary: 'Una imagen de un vehículo (solo su dueño)',
    tags,
    params: z.object({ imageId: z.string().max(200) }),
    produces: 'image/*',
    access: 'user',
    errors: [401, 404],
  }),
};
