import { z } from 'zod';
import '../http/zod-es.js';
import { pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import {
  oldCarQuerySchema,
  oldCarSchema,
  oldCarsQuerySchema,
  oldCatalogQuerySchema,
  oldCatalogSchema,
  oldExportQuerySchema,
  oldFilterSchema,
  oldFiltersQuerySchema,
  oldGroupSchema,
  oldGroupsQuerySchema,
  oldLanguageQuerySchema,
  oldModelSchema,
  oldPartsDataSchema,
  oldPartsQuerySchema,
  oldQuotaMetadataSchema,
  oldSubGroupsBatchSchema,
  oldSubGroupsQuerySchema,
  oldVinQuerySchema,
  oldVinResultSchema,
} from './old.js';

const BASE = '/api/catalogo/catalog';
const tags = ['catalog'];

/**
 * The old-generation catalogue's ten calls (spec 001 §7 "Old catalogue (GET … under /catalogo/catalog/)").
 * Groups and subgroups are for logged-in people, or for a guest carrying the criteria of a VIN search
 * (spec 001 §6 "bypass: a car segment with VIN q and criteria"); parts and the Excel only for logged-in people.
 */
export const catalogOldRoutes = {
  catalogs: defineRoute({
    method: 'GET',
    path: `${BASE}/catalogs`,
    summary: 'Catálogos (generación anterior)',
    tags,
    query: oldLanguageQuerySchema,
    response: successSchema(z.array(oldCatalogSchema)),
    access: 'public',
    errors: [400],
  }),
  models: defineRoute({
    method: 'GET',
    path: `${BASE}/models`,
    summary: 'Modelos de un catálogo (generación anterior)',
    tags,
    query: oldCatalogQuerySchema,
    response: successSchema(z.array(oldModelSchema)),
    access: 'public',
    errors: [400, 404],
  }),
  car: defineRoute({
    method: 'GET',
    path: `${BASE}/car`,
    summary: 'Un vehículo (car) con sus parámetros; su id no cambia entre importaciones',
    tags,
    query: oldCarQuerySchema,
    response: successSchema(oldCarSchema),
    access: 'public',
    errors: [400, 404],
  }),
  cars: defineRoute({
    method: 'GET',
    path: `${BASE}/cars`,
    summary: 'Vehículos de un modelo, 25 por página (página desde 0), filtrados por parameter; total en x-total-count',
    tags,
    query: oldCarsQuerySchema,
    response: pageSchema(oldCarSchema, { 'x-total-count': z.number().int() }),
    access: 'public',
    errors: [400, 404],
  }),
  filters: defineRoute({
    method: 'GET',
    path: `${BASE}/filters`,
    summary: 'Filtros de los vehículos de un modelo: key, name, values {idx, value}',
    tags,
    query: oldFiltersQuerySchema,
    response: successSchema(z.array(oldFilterSchema)),
    access: 'public',
    errors: [400, 404],
  }),
  groups: defineRoute({
    method: 'GET',
    path: `${BASE}/groups`,
    summary: 'Grupos del vehículo (consulta al catálogo medida); invitados solo con los criteria de una búsqueda por VIN',
    tags,
    query: oldGroupsQuerySchema,
    response: successSchema(z.array(oldGroupSchema), oldQuotaMetadataSchema),
    access: 'public',
    errors: [400, 401, 404],
  }),
  subGroupsBatch: defineRoute({
    method: 'GET',
    path: `${BASE}/subGroupsBatch`,
    summary: 'Subgrupos (diagramas) de uno o varios grupos del vehículo, con su imagen (medida)',
    tags,
    query: oldSubGroupsQuerySchema,
    response: successSchema(oldSubGroupsBatchSchema, oldQuotaMetadataSchema),
    access: 'public',
    errors: [400, 401, 404],
  }),
  parts: defineRoute({
    method: 'GET',
    path: `${BASE}/parts`,
    summary: 'Piezas de un subgrupo (o de un grupo): partGroups, posiciones sobre la imagen, img (medida; requiere sesión)',
    tags,
    query: oldPartsQuerySchema,
    response: successSchema(oldPartsDataSchema, oldQuotaMetadataSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
  vehicleForVinOrFrame: defineRoute({
    method: 'GET',
    path: `${BASE}/vehicleForVinOrFrame`,
    summary: 'Vehículo por VIN o número de chasis: brand, catalogId, modelName, modelId, carId, criteria',
    tags,
    query: oldVinQuerySchema,
    response: successSchema(oldVinResultSchema, z.record(z.string(), z.unknown())),
    access: 'public',
    errors: [400, 404],
  }),
  exportExcel: defineRoute({
    method: 'GET',
    path: `${BASE}/exportExcel`,
    summary: 'Descarga en Excel (.xlsx) las piezas de un grupo del vehículo; solo con el permiso downloadPartsCatalog',
    tags,
    query: oldExportQuerySchema,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    access: 'user',
    errors: [400, 401, 403, 404],
  }),
};
