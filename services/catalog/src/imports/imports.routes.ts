import { z } from 'zod';
import { defineRoute, type RouteContract } from '@tuerca/contracts';

/** An ACES or PIES file travels as text inside JSON; up to 10 MB of XML. */
export const MAX_XML_CHARS = 10 * 1024 * 1024;
/** Fastify's body limit for the two import routes: the XML plus JSON escaping. */
export const IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

export const importBodySchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  xml: z.string().min(1).max(MAX_XML_CHARS),
});
export type ImportBody = z.infer<typeof importBodySchema>;

export const importListQuerySchema = z.object({
  kind: z.enum(['aces', 'pies']).optional(),
  status: z.enum(['imported', 'rejected']).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type ImportListQuery = z.infer<typeof importListQuerySchema>;

export const importResultSchema = z.object({
  importId: z.string(),
  kind: z.enum(['aces', 'pies']),
  fileName: z.string(),
  recordCount: z.number().int(),
  upserted: z.number().int(),
  deleted: z.number().int(),
  crossReferencesPublished: z.number().int().optional(),
  source: z.string().optional(),
  warningCount: z.number().int(),
  warnings: z.array(z.string()),
});

export const importSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['aces', 'pies']),
  fileName: z.string(),
  status: z.enum(['imported', 'rejected']),
  recordCountDeclared: z.number().int().nullable(),
  recordCountParsed: z.number().int(),
  errorCount: z.number().int(),
  source: z.string().nullable(),
  warningCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
});

const V2 = '/api/catalogo/catalogV2';
export const ACES_IMPORT_PATH = `${V2}/imports/aces`;
export const PIES_IMPORT_PATH = `${V2}/imports/pies`;

export const importsRouteContracts: RouteContract[] = [
  defineRoute({
    method: 'POST',
    path: ACES_IMPORT_PATH,
    summary: 'Importa un archivo ACES (aplicaciones por vehículo): todo o nada, con los errores de cada registro',
    tags: ['catalog'],
    body: importBodySchema,
    response: importResultSchema,
    access: ['operator'],
    errors: [400, 401, 403, 413],
  }),
  defineRoute({
    method: 'POST',
    path: PIES_IMPORT_PATH,
    summary: 'Importa un archivo PIES 7.2 (información de producto): todo o nada, con los errores de cada artículo',
    tags: ['catalog'],
    body: importBodySchema,
    response: importResultSchema,
    access: ['operator'],
    errors: [400, 401, 403, 413],
  }),
  defineRoute({
    method: 'GET',
    path: `${V2}/imports`,
    summary: 'Importaciones ACES y PIES recibidas, con su estado y número de errores (total en x-total-count)',
    tags: ['catalog'],
    query: importListQuerySchema,
    response: z.array(importSummarySchema),
    access: ['operator'],
    errors: [401, 403],
  }),
];
