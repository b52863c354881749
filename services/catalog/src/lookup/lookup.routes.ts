import { z } from 'zod';
import { defineRoute, jsonObjectParam, substitutionGroupSchema, vinLookupResultSchema, type RouteContract } from '@tuerca/contracts';

/** '1'/'true' switch a flag on; anything else (or nothing) leaves it off. */
const flag = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/** A flag that is on unless it says '0'/'false'. */
const flagDefaultOn = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => !(v === false || v === '0' || v === 'false'));

const text = (max: number) => z.string().trim().max(max).optional().default('');

export const vinOrFrameQuerySchema = z.object({
  vinOrFrame: text(64),
  QRID: z.string().max(200).optional(),
  language: z.string().max(10).optional(),
});
export type VinOrFrameQuery = z.infer<typeof vinOrFrameQuerySchema>;

export const vinQuerySchema = z.object({ VIN: text(64) });
export type VinQuery = z.infer<typeof vinQuerySchema>;

export const findCatalogsByOemQuerySchema = z.object({
  oem: text(100),
  noSearchOem: flag,
  searchOemAtTheEnd: flag,
  searchSubstitutions: flagDefaultOn,
  language: z.string().max(10).optional(),
});
export type FindCatalogsByOemQuery = z.infer<typeof findCatalogsByOemQuerySchema>;

export const findVehicleByOemQuerySchema = z.object({
  catalogCode: text(64),
  oem: text(100),
  catalogName: z.string().max(200).optional(),
  noSearchOem: flag,
  language: z.string().max(10).optional(),
});
export type FindVehicleByOemQuery = z.infer<typeof findVehicleByOemQuerySchema>;

export const substitutionsQuerySchema = z.object({ reference: text(100) });
export type SubstitutionsQuery = z.infer<typeof substitutionsQuerySchema>;

export const MAX_MANY_REFERENCES = 20;
export const manySubstitutionsQuerySchema = z.object({
  filter: jsonObjectParam,
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ManySubstitutionsQuery = z.infer<typeof manySubstitutionsQuerySchema>;

const oemCatalogsDataSchema = z.object({
  oem: z.string(),
  name: z.string(),
  catalogs: z.array(z.object({ brand: z.string(), code: z.string() })),
  substitutions: z.array(substitutionGroupSchema),
  images: z.array(z.string()),
});

const oemVehicleSchema = z.object({
  brand: z.string(),
  name: z.string(),
  vehicleId: z.string(),
  ssd: z.string(),
  catalog: z.string(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});

const V2 = '/api/catalogo/catalogV2';
const SUBS = '/api/catalogo/catalogSubstitutions';

export const lookupRouteContracts: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: `${V2}/vehicleByVinOrFrame`,
    summary: 'Vehículos del catálogo por VIN (17 caracteres) o número de chasis',
    tags: ['catalog'],
    query: vinOrFrameQuerySchema,
    response: vinLookupResultSchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${V2}/VINHasCatalog`,
    summary: 'Indica si el VIN abre un catálogo de partes originales',
    tags: ['catalog'],
    query: vinQuerySchema,
    response: z.boolean(),
    access: 'public',
    errors: [400],
  }),
  defineRoute({
    method: 'GET',
    path: `${V2}/verifyVinInCatalogForActiveUser`,
    summary: 'Para la persona con sesión: si el VIN tiene catálogo y qué vehículo abre',
    tags: ['catalog'],
    query: vinQuerySchema,
    access: 'user',
    errors: [400, 401],
  }),
  defineRoute({
    method: 'GET',
    path: `${V2}/findCatalogsByOem`,
    summary: 'Catálogos, sustituciones e imágenes de un número de parte original',
    tags: ['catalog'],
    query: findCatalogsByOemQuerySchema,
    response: oemCatalogsDataSchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${V2}/findVehicleByOem`,
    summary: 'Vehículos de un catálogo con un número de parte, o sustituciones y otros fabricantes',
    tags: ['catalog'],
    query: findVehicleByOemQuerySchema,
    response: z.union([
      z.array(oemVehicleSchema),
      z.object({
        substitutions: z.array(substitutionGroupSchema),
        otherManufacturers: z.array(z.object({ brand: z.string(), code: z.string() })),
      }),
    ]),
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${SUBS}/getSubstitutions`,
    summary: 'Sustituciones de un número de parte original o alterno (medida: solo se cobra si se encuentra)',
    tags: ['catalog'],
    query: substitutionsQuerySchema,
    response: z.array(substitutionGroupSchema),
    access: 'public',
    errors: [400, 401, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${SUBS}/getManySubstitutions`,
    summary: 'Una página de grupos de sustituciones para varios números de parte (filter.references; medida)',
    tags: ['catalog'],
    query: manySubstitutionsQuerySchema,
    response: z.array(substitutionGroupSchema),
    access: 'public',
    errors: [400, 401],
  }),
];
