import { z } from 'zod';
import '../http/zod-es.js';
import { jsonObjectParam, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { substitutionGroupSchema } from './v2.js';
import { vinCandidateSchema, vinCatalogCheckSchema, vinLookupMetadataSchema } from './vin-lookup.js';

/** '1'/'true' switch a flag on; anything else (or nothing) leaves it off. */
const flag = z
  .union([z.string().max(10), z.boolean()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/** A flag that is on unless it says '0'/'false'. */
const flagDefaultOn = z
  .union([z.string().max(10), z.boolean()])
  .optional()
  .transform((v) => !(v === false || v === '0' || v === 'false'));

const text = (max: number) => z.string().trim().max(max).optional().default('');
const language = z.string().max(10).optional();

/** A VIN (17 characters), a Japanese frame number, or the opaque vehicle token a garage or plate answer carries. */
export const vinOrTokenText = text(200);

export const vinOrFrameQuerySchema = z.object({
  vinOrFrame: vinOrTokenText,
  /** The QR code the search came from (the VIN search page's `qr`). */
  QRID: z.string().trim().max(200).optional(),
  language,
});
export type VinOrFrameQuery = z.infer<typeof vinOrFrameQuerySchema>;

export const vinQuerySchema = z.object({ VIN: vinOrTokenText });
export type VinQuery = z.infer<typeof vinQuerySchema>;

export const findCatalogsByOemQuerySchema = z.object({
  oem: text(100),
  noSearchOem: flag,
  searchOemAtTheEnd: flag,
  searchSubstitutions: flagDefaultOn,
  language,
});
export type FindCatalogsByOemQuery = z.infer<typeof findCatalogsByOemQuerySchema>;

export const findVehicleByOemQuerySchema = z.object({
  catalogCode: text(64),
  oem: text(100),
  catalogName: z.string().max(200).optional(),
  noSearchOem: flag,
  language,
});
export type FindVehicleByOemQuery = z.infer<typeof findVehicleByOemQuerySchema>;

export const substitutionsQuerySchema = z.object({ reference: text(100) });
export type SubstitutionsQuery = z.infer<typeof substitutionsQuerySchema>;

export const MAX_MANY_REFERENCES = 20;
export const manySubstitutionsQuerySchema = z.object({
  filter: jsonObjectParam,
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ManySubstitutionsQuery = z.infer<typeof manySubstitutionsQuerySchema>;

const catalogRef = z.object({ brand: z.string(), code: z.string() });

export const oemCatalogsDataSchema = z.object({
  oem: z.string(),
  name: z.string(),
  catalogs: z.array(catalogRef),
  substitutions: z.array(substitutionGroupSchema),
  images: z.array(z.string()),
});

export const oemVehicleSchema = z.object({
  brand: z.string(),
  name: z.string(),
  vehicleId: z.string(),
  ssd: z.string(),
  catalog: z.string(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});

const quotaMetadataSchema = z
  .object({
    searchesPerformed: z.number().int(),
    consultationsAvailable: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }),
    generalInquiriesAvailable: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }),
  })
  .loose();

const V2 = '/api/catalogo/catalogV2';
const SUBS = '/api/catalogo/catalogSubstitutions';
const tags = ['catalog'];

/** VIN and frame lookup, OEM drill-down and substitutions (spec 001 §7). */
export const catalogLookupRoutes = {
  vehicleByVinOrFrame: defineRoute({
    method: 'GET',
    path: `${V2}/vehicleByVinOrFrame`,
    summary:
      'Vehículos del catálogo por VIN (17 caracteres), número de chasis o ficha de vehículo: exacto desde el índice del catálogo o candidatos con su evidencia',
    tags,
    query: vinOrFrameQuerySchema,
    response: successSchema(z.array(vinCandidateSchema), vinLookupMetadataSchema),
    access: 'public',
    errors: [400, 404],
  }),
  vinHasCatalog: defineRoute({
    method: 'GET',
    path: `${V2}/VINHasCatalog`,
    summary: 'Indica si el VIN abre un catálogo de partes originales (la misma respuesta que la búsqueda por VIN)',
    tags,
    query: vinQuerySchema,
    response: successSchema(z.boolean()),
    access: 'public',
    errors: [400],
  }),
  verifyVinInCatalogForActiveUser: defineRoute({
    method: 'GET',
    path: `${V2}/verifyVinInCatalogForActiveUser`,
    summary: 'Para la persona con sesión: si el VIN tiene catálogo, si es exacto y qué vehículo abre',
    tags,
    query: vinQuerySchema,
    response: successSchema(vinCatalogCheckSchema),
    access: 'user',
    errors: [400, 401],
  }),
  findCatalogsByOem: defineRoute({
    method: 'GET',
    path: `${V2}/findCatalogsByOem`,
    summary: 'Catálogos, sustituciones e imágenes de un número de parte original',
    tags,
    query: findCatalogsByOemQuerySchema,
    response: successSchema(oemCatalogsDataSchema),
    access: 'public',
    errors: [400, 404],
  }),
  findVehicleByOem: defineRoute({
    method: 'GET',
    path: `${V2}/findVehicleByOem`,
    summary: 'Vehículos de un catálogo con un número de parte, o sustituciones y otros fabricantes',
    tags,
    query: findVehicleByOemQuerySchema,
    response: successSchema(
      z.union([
        z.array(oemVehicleSchema),
        z.object({ substitutions: z.array(substitutionGroupSchema), otherManufacturers: z.array(catalogRef) }),
      ]),
    ),
    access: 'public',
    errors: [400, 404],
  }),
  getSubstitutions: defineRoute({
    method: 'GET',
    path: `${SUBS}/getSubstitutions`,
    summary: 'Sustituciones de un número de parte original o alterno (medida: solo se cobra si se encuentra)',
    tags,
    query: substitutionsQuerySchema,
    response: successSchema(z.array(substitutionGroupSchema), quotaMetadataSchema),
    access: 'public',
    errors: [400, 401, 404],
  }),
  getManySubstitutions: defineRoute({
    method: 'GET',
    path: `${SUBS}/getManySubstitutions`,
    summary: 'Una página de grupos de sustituciones para varios números de parte (filter.references; medida)',
    tags,
    query: manySubstitutionsQuerySchema,
    response: successSchema(z.array(substitutionGroupSchema)),
    access: 'public',
    errors: [400, 401],
  }),
};
