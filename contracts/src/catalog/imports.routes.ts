import { z } from 'zod';
import '../http/zod-es.js';
import { pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';

/** An ACES or PIES file travels as text inside JSON; up to 10 MB of XML. */
export const MAX_CATALOG_XML_CHARS = 10 * 1024 * 1024;
/** Fastify's body limit for the two import routes: the XML plus JSON escaping. */
export const CATALOG_IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

export const catalogImportBodySchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  xml: z.string().min(1).max(MAX_CATALOG_XML_CHARS),
});
export type CatalogImportBody = z.infer<typeof catalogImportBodySchema>;

/**
 * A PIES file may be a store's (a supplier's catalogue): with `storeId` its items' brand labels resolve through
 * that store's brand mappings to PIES brands (issue 18), and the labels left unmapped are reported per item.
 */
export const piesImportBodySchema = catalogImportBodySchema.extend({ storeId: z.uuid().optional() });
export type PiesImportBody = z.infer<typeof piesImportBodySchema>;

export const CATALOG_IMPORT_KINDS = ['aces', 'pies'] as const;
export type CatalogImportKind = (typeof CATALOG_IMPORT_KINDS)[number];
export const CATALOG_IMPORT_STATUSES = ['imported', 'rejected'] as const;

export const catalogImportListQuerySchema = z.object({
  kind: z.enum(CATALOG_IMPORT_KINDS).optional(),
  status: z.enum(CATALOG_IMPORT_STATUSES).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type CatalogImportListQuery = z.infer<typeof catalogImportListQuerySchema>;

export const catalogImportResultSchema = z.object({
  importId: z.string(),
  kind: z.enum(CATALOG_IMPORT_KINDS),
  fileName: z.string(),
  recordCount: z.number().int(),
  upserted: z.number().int(),
  deleted: z.number().int(),
  /** PIES: OEM numbers whose cross-references the file's interchanges changed (each published). */
  crossReferencesPublished: z.number().int().optional(),
  /** ACES: whose applications these are (the header's brand, manufacturer code or company). */
  source: z.string().optional(),
  /** Problems that did not stop the import (attributes kept but not used to filter), counted exactly, the first ones shown. */
  warningCount: z.number().int(),
  warnings: z.array(z.string()),
  /** The same warnings with their place and code ('Brand not mapped': an item's label the store has not mapped). */
  warningDetails: z.array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() })),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

export const catalogImportSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(CATALOG_IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  recordCountDeclared: z.number().int().nullable(),
  recordCountParsed: z.number().int(),
  errorCount: z.number().int(),
  source: z.string().nullable(),
  warningCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CatalogImportSummary = z.infer<typeof catalogImportSummarySchema>;

const V2 = '/api/catalogo/catalogV2';
const tags = ['catalog'];

/** Auto Care ACES and PIES imports of the catalogue (operators only). */
export const catalogImportsRoutes = {
  aces: defineRoute({
    method: 'POST',
    path: `${V2}/imports/aces`,
    summary: 'Importa un archivo ACES (aplicaciones por vehículo): todo o nada, con los errores de cada registro',
    tags,
    body: catalogImportBodySchema,
    response: successSchema(catalogImportResultSchema),
    status: 201,
    access: ['operator'],
    errors: [400, 401, 403, 413],
  }),
  pies: defineRoute({
    method: 'POST',
    path: `${V2}/imports/pies`,
    summary: 'Importa un archivo PIES 7.2 (información de producto): todo o nada, con los errores de cada artículo',
    tags,
    body: piesImportBodySchema,
    response: successSchema(catalogImportResultSchema),
    status: 201,
    access: ['operator'],
    errors: [400, 401, 403, 413],
  }),
  list: defineRoute({
    method: 'GET',
    path: `${V2}/imports`,
    summary: 'Importaciones ACES y PIES recibidas, con su estado y número de errores (total en x-total-count)',
    tags,
    query: catalogImportListQuerySchema,
    response: pageSchema(catalogImportSummarySchema),
    access: ['operator'],
    errors: [401, 403],
  }),
};
