import { z } from 'zod';
import '../http/zod-es.js';
import { successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import {
  CATALOG_LANGUAGES,
  catalogLanguageSchema,
  catalogSchema,
  catalogVehicleSchema,
  categorySchema,
  modelsResultSchema,
  oemOrNameSchema,
  quickGroupSchema,
  reportSubstitutionErrorBodySchema,
  unitPartSchema,
  unitPartsResultSchema,
  unitSchema,
  vehiclesResultSchema,
} from './v2.js';

const catalogCode = z.string().trim().min(1).max(64);
const id = z.string().trim().min(1).max(128);
const ssd = z.string().trim().min(1).max(4096);

/** Every version 2 call takes `language` (spec 001 §7); es_ES by default. */
export const languageQuerySchema = z.object({ language: catalogLanguageSchema });
export const catalogQuerySchema = languageQuerySchema.extend({ catalogCode });
export const vehiclesQuerySchema = catalogQuerySchema.extend({ ssd: ssd.optional() });

/**
 * The calls about one vehicle (spec 001 §7): `q` is the VIN the vehicle was reached by (or the opaque vehicle
 * token), which gives a part its `match`; `vehicleName` the name the page shows; `catalogUrl` the page's URL
 * with '&' sent as '|'.
 */
export const vehicleQuerySchema = catalogQuerySchema.extend({
  vehicleId: id,
  ssd: ssd.optional(),
  q: z.string().trim().max(200).optional(),
  vehicleName: z.string().trim().max(300).optional(),
  catalogUrl: z.string().trim().max(2048).optional(),
});
export const groupsQuerySchema = vehicleQuerySchema.extend({
  cid: id.optional(),
  /** spec: 1 means units only. */
  loadOnlyUnits: z.enum(['0', '1']).optional(),
});
export const quickDetailQuerySchema = vehicleQuerySchema.extend({ groupId: id });
export const partsQuerySchema = vehicleQuerySchema.extend({ unitId: id });
export const findPartQuerySchema = vehicleQuerySchema.extend({ oemOrName: oemOrNameSchema });
export const unitImageParamsSchema = z.object({ unitId: id });

export type CatalogQuery = z.infer<typeof catalogQuerySchema>;
export type VehiclesQuery = z.infer<typeof vehiclesQuerySchema>;
export type VehicleQuery = z.infer<typeof vehicleQuerySchema>;
export type GroupsQuery = z.infer<typeof groupsQuerySchema>;
export type QuickDetailQuery = z.infer<typeof quickDetailQuerySchema>;
export type PartsQuery = z.infer<typeof partsQuerySchema>;
export type FindPartQuery = z.infer<typeof findPartQuerySchema>;

/** A unit with its parts, inside a category (spec 001 §3 "Category: name, units[]"). */
export const unitWithPartsSchema = unitSchema.extend({ parts: z.array(unitPartSchema) });
export const partsCategorySchema = z.object({ categoryId: z.string(), name: z.string(), units: z.array(unitWithPartsSchema) });

/** spec 001 §3 "Quota metadata" of a metered catalogue call, and the page it was asked from. */
export const catalogQuotaMetadataSchema = z
  .object({
    searchesPerformed: z.number().int(),
    consultationsAvailable: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }),
    generalInquiriesAvailable: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }),
    loginPrompt: z.string(),
    canShowPartNumbers: z.boolean(),
    /** The vehicle's name as the page sent it (`vehicleName`), or the catalogue's. */
    vehicleName: z.string(),
    /** The page URL the call came from (`catalogUrl` with '|' turned back into '&'), when it is one of the catalogue's pages. */
    catalogUrl: z.string().nullable(),
    /** The part `match` refers to this VIN's vehicle: whether `q` named this exact vehicle. */
    vinMatch: z.boolean(),
    /** The language of the names (spec 001 §9), and whether some of them are in Spanish for want of a translation. */
    language: z.enum(CATALOG_LANGUAGES).optional(),
    languageFallback: z.boolean().optional(),
  })
  .loose();

const BASE = '/api/catalogo/catalogV2';
const tags = ['catalog'];
const metered = [400, 401, 404] as const;

/** Version 2 catalogue browsing (spec 001 §7). */
export const catalogBrowseRoutes = {
  catalogs: defineRoute({
    method: 'GET',
    path: `${BASE}/catalogs`,
    summary: 'Catálogos de versión 2 con sus funciones',
    tags,
    query: languageQuerySchema,
    response: successSchema(z.array(catalogSchema)),
    access: 'public',
  }),
  getCatalog: defineRoute({
    method: 'GET',
    path: `${BASE}/getCatalog`,
    summary: 'Un catálogo de versión 2',
    tags,
    query: catalogQuerySchema,
    response: successSchema(catalogSchema),
    access: 'public',
    errors: [400, 404],
  }),
  models: defineRoute({
    method: 'GET',
    path: `${BASE}/models`,
    summary: 'Listas de opciones de modelos del catálogo',
    tags,
    query: catalogQuerySchema,
    response: successSchema(modelsResultSchema),
    access: 'public',
    errors: [400, 404],
  }),
  vehicles: defineRoute({
    method: 'GET',
    path: `${BASE}/vehicles`,
    summary: 'Vehículos del catálogo, filtrados por el ssd, con sus filtros',
    tags,
    query: vehiclesQuerySchema,
    response: successSchema(vehiclesResultSchema),
    access: 'public',
    errors: [400, 404],
  }),
  groups: defineRoute({
    method: 'GET',
    path: `${BASE}/groups`,
    summary: 'Categorías y diagramas del vehículo (consulta al catálogo medida, ventana de 12 horas)',
    tags,
    query: groupsQuerySchema,
    response: successSchema(
      z.object({
        categories: z.array(categorySchema).optional(),
        units: z.array(unitSchema),
        vehicle: catalogVehicleSchema.optional(),
        catalog: catalogSchema.optional(),
      }),
      catalogQuotaMetadataSchema,
    ),
    access: 'public',
    errors: metered,
  }),
  quickGroups: defineRoute({
    method: 'GET',
    path: `${BASE}/quickGroups`,
    summary: 'Grupos rápidos del vehículo, hasta cuatro niveles (medida)',
    tags,
    query: vehicleQuerySchema,
    response: successSchema(
      z.object({ quickGroups: z.array(quickGroupSchema), vehicle: catalogVehicleSchema, catalog: catalogSchema }),
      catalogQuotaMetadataSchema,
    ),
    access: 'public',
    errors: metered,
  }),
  listQuickDetail: defineRoute({
    method: 'GET',
    path: `${BASE}/listQuickDetail`,
    summary: 'Diagramas y piezas de un grupo rápido para el vehículo (medida)',
    tags,
    query: quickDetailQuerySchema,
    response: successSchema(
      z.object({
        quickGroup: z.object({ quickGroupId: z.string(), name: z.string() }),
        categories: z.array(partsCategorySchema),
        vehicle: catalogVehicleSchema,
        catalog: catalogSchema,
      }),
      catalogQuotaMetadataSchema,
    ),
    access: 'public',
    errors: metered,
  }),
  parts: defineRoute({
    method: 'GET',
    path: `${BASE}/parts`,
    summary: 'Piezas de un diagrama con su mapa de imagen (medida)',
    tags,
    query: partsQuerySchema,
    response: successSchema(unitPartsResultSchema, catalogQuotaMetadataSchema),
    access: 'public',
    errors: metered,
  }),
  findPartInVehicle: defineRoute({
    method: 'GET',
    path: `${BASE}/findPartInVehicle`,
    summary: 'Busca una pieza por número de parte o nombre en el vehículo (medida)',
    tags,
    query: findPartQuerySchema,
    response: successSchema(
      z.object({ vehicle: catalogVehicleSchema, categories: z.array(partsCategorySchema) }),
      catalogQuotaMetadataSchema,
    ),
    access: 'public',
    errors: metered,
  }),
  unitImage: defineRoute({
    method: 'GET',
    path: `${BASE}/units/:unitId/image.svg`,
    summary: 'Diagrama SVG de un diagrama (image/svg+xml), con sus textos en el idioma pedido',
    tags,
    params: unitImageParamsSchema,
    // The drawing's text (the unit's and the parts' names, the title block) in the language of the answer that linked it.
    query: languageQuerySchema,
    produces: 'image/svg+xml',
    access: 'public',
    errors: [404],
  }),
  reportSubstitutionError: defineRoute({
    method: 'POST',
    path: `${BASE}/reportSubstitutionError`,
    summary: 'Reporta un error en el catálogo o en las sustituciones',
    tags,
    body: reportSubstitutionErrorBodySchema,
    response: successSchema(z.object({ message: z.string(), detail: z.string() })),
    access: 'public',
    errors: [400],
  }),
};
