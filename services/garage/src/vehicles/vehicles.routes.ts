import { z } from 'zod';
import { defineRoute, listQuerySchema, vehicleInputSchema, type RouteContract } from '@tuerca/contracts';
import { MAX_IMAGES_PER_VEHICLE } from './vehicle.rules.js';

/** spec 001 §9: lists default to 20; the garage search asks for 100, which is the most a page holds here. */
export const GARAGE_MAX_PAGE_SIZE = 100;

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
  id: z.string({ error: 'Este campo es requerido!' }).min(1, { error: 'Este campo es requerido!' }),
});

/**
 * saveVehicleImages as JSON (the app has no multipart parser): base64 content, its declared type, and
 * its kind. A property-card image replaces the previous one and becomes the vehicle's property_card_image.
 */
export const saveVehicleImagesSchema = z.object({
  id: z.string({ error: 'Este campo es requerido!' }),
  images: z
    .array(
      z.object({
        kind: z.enum(['photo', 'property_card']).default('photo'),
        contentType: z.string().max(100),
        dataBase64: z
          .string()
          .min(1)
          .regex(/^[A-Za-z0-9+/\r\n]+={0,2}$/, { error: 'Contenido base64 inválido' }),
      }),
    )
    .max(MAX_IMAGES_PER_VEHICLE)
    .default([]),
  /** Images of this vehicle to delete in the same save. */
  removeImageIds: z.array(z.string()).max(MAX_IMAGES_PER_VEHICLE).default([]),
});
export type SaveVehicleImagesInput = z.infer<typeof saveVehicleImagesSchema>;

const tags = ['garage'];
const user = 'user' as const;

export const vehiclesRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/',
    summary: 'Vehículos de mi garaje (filter.searchInColumns: vehículo, placa o VIN)',
    tags,
    query: vehicleListQuerySchema,
    access: user,
    errors: [400, 401],
  }),
  defineRoute({
    method: 'POST',
    path: '/api/garage/vehicle/',
    summary: 'Crear un vehículo en mi garaje (Colombia o México)',
    tags,
    body: vehicleInputSchema,
    access: user,
    errors: [400, 401, 409],
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/garage/vehicle/:id',
    summary: 'Cambiar un vehículo de mi garaje (bloqueado si está verificado)',
    tags,
    body: vehiclePatchSchema,
    access: user,
    errors: [400, 401, 404, 409],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/garage/vehicle/:id',
    summary: 'Quitar un vehículo de mi garaje',
    tags,
    access: user,
    errors: [401, 404],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/countVehicles',
    summary: 'Cuántos vehículos tengo en mi garaje',
    tags,
    access: user,
    errors: [401],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getVehicleImages',
    summary: 'Imágenes de un vehículo de mi garaje',
    tags,
    query: vehicleImagesQuerySchema,
    access: user,
    errors: [400, 401, 404],
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/garage/vehicle/saveVehicleImages',
    summary: 'Guardar imágenes de un vehículo (JPEG, PNG o WebP, máx. 5 MB cada una, 10 por vehículo)',
    tags,
    body: saveVehicleImagesSchema,
    access: user,
    errors: [400, 401, 404, 409, 413],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/images/:imageId',
    summary: 'Una imagen de un vehículo (solo su dueño)',
    tags,
    access: user,
    errors: [401, 404],
  }),
];
