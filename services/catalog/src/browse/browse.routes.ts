import { z } from 'zod';
import {
  catalogLanguageSchema,
  catalogSchema,
  catalogVehicleSchema,
  categorySchema,
  defineRoute,
  modelsResultSchema,
  oemOrNameSchema,
  quickGroupSchema,
  reportSubstitutionErrorBodySchema,
  unitPartSchema,
  unitPartsResultSchema,
  unitSchema,
  vehiclesResultSchema,
  type RouteContract,
} from '@tuerca/contracts';

const catalogCode = z.string().trim().min(1).max(64);
const id = z.string().trim().min(1).max(128);
const ssd = z.string().trim().min(1).max(4096);

/** Every version 2 call takes `language` (spec 001 §7); es_ES by default. */
export const languageQuerySchema = z.object({ language: catalogLanguageSchema });
export const catalogQuerySchema = languageQuerySchema.extend({ catalogCode });
export const vehiclesQuerySchema = catalogQuerySchema.extend({ ssd: ssd.optional() });
export const vehicleQuerySchema = catalogQuerySchema.extend({ vehicleId: id, ssd: ssd.optional() });
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
const unitWithPartsSchema = unitSchema.extend({ parts: z.array(unitPartSchema) });
const partsCategorySchema = z.object({ categoryId: z.string(), name: z.string(), units: z.array(unitWithPartsSchema) });

const BASE = '/api/catalogo/catalogV2';
const tags = ['catalog'];
const metered = [400, 401, 404] as const;

export const browseRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: `${BASE}/catalogs`,
    summary: 'Catálogos de versión 2 con sus funciones',
    tags,
    query: languageQuerySchema,
    response: z.array(catalogSchema),
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/getCatalog`,
    summary: 'Un catálogo de versión 2',
    tags,
    query: catalogQuerySchema,
    response: catalogSchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/models`,
    summary: 'Listas de opciones de modelos del catálogo',
    tags,
    query: catalogQuerySchema,
    response: modelsResultSchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/vehicles`,
    summary: 'Vehículos del catálogo, filtrados por el ssd, con sus filtros',
    tags,
    query: vehiclesQuerySchema,
    response: vehiclesResultSchema,
    access: 'public',
    errors: [400, 404],
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/groups`,
    summary: 'Categorías y diagramas del vehículo (consulta al catálogo medida, ventana de 12 horas)',
    tags,
    query: groupsQuerySchema,
    response: z.object({
      categories: z.array(categorySchema).optional(),
      units: z.array(unitSchema),
      vehicle: catalogVehicleSchema.optional(),
      catalog: catalogSchema.optional(),
    }),
    access: 'public',
    errors: metered,
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/quickGroups`,
    summary: 'Grupos rápidos del vehículo, hasta cuatro niveles (medida)',
    tags,
    query: vehicleQuerySchema,
    response: z.object({ quickGroups: z.array(quickGroupSchema), vehicle: catalogVehicleSchema, catalog: catalogSchema }),
    access: 'public',
    errors: metered,
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/listQuickDetail`,
    summary: 'Diagramas y piezas de un grupo rápido para el vehículo (medida)',
    tags,
    query: quickDetailQuerySchema,
    response: z.object({
      quickGroup: z.object({ quickGroupId: z.string(), name: z.string() }),
      categories: z.array(partsCategorySchema),
      vehicle: catalogVehicleSchema,
      catalog: catalogSchema,
    }),
    access: 'public',
    errors: metered,
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/parts`,
    summary: 'Piezas de un diagrama con su mapa de imagen (medida)',
    tags,
    query: partsQuerySchema,
    response: unitPartsResultSchema,
    access: 'public',
    errors: metered,
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/findPartInVehicle`,
    summary: 'Busca una pieza por número de parte o nombre en el vehículo (medida)',
    tags,
    query: findPartQuerySchema,
    response: z.object({ vehicle: catalogVehicleSchema, categories: z.array(partsCategorySchema) }),
    access: 'public',
    errors: metered,
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/units/:unitId/image.svg`,
    summary: 'Diagrama SVG de un diagrama (image/svg+xml)',
    tags,
    params: unitImageParamsSchema,
    access: 'public',
    errors: [404],
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/reportSubstitutionError`,
    summary: 'Reporta un error en el catálogo o en las sustituciones',
    tags,
    body: reportSubstitutionErrorBodySchema,
    response: z.object({ message: z.string(), detail: z.string() }),
    access: 'public',
    errors: [400],
  }),
];
