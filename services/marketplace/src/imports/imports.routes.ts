import { z } from 'zod';
import { defineRoute, listQuerySchema, type RouteContract } from '@tuerca/contracts';
import { adminResourceRoutes } from '@tuerca/platform';
import { MAX_FILE_BYTES } from './spreadsheet.js';

export const IMPORTS_PATH = '/api/catalogo/products/imports';
export const ADMIN_IMPORTS_PATH = '/admin-api/product-imports';
/** Sellers and store admins import into their own store; operators into any. */
export const IMPORT_ROLES = ['seller', 'store_admin', 'operator'] as const;

/** base64 of a 10 MB file is about 13.4 million characters; a little more is let through so the size check answers in Spanish. */
export const MAX_BASE64_CHARS = Math.ceil(((MAX_FILE_BYTES * 1.1) / 3) * 4);
/** Fastify's body limit for the two upload routes (the app's default is 2 MiB). */
export const IMPORT_BODY_LIMIT = MAX_BASE64_CHARS + 64 * 1024;

const uuid = z.uuid({ error: 'Identificador inválido' });
const required = 'Este campo es obligatorio';

/** The upload: the file travels as base64 inside JSON (the app has no multipart parser). */
export const importBodySchema = z.object({
  fileName: z.string({ error: required }).trim().min(1, { error: required }).max(255),
  contentBase64: z
    .string({ error: required })
    .min(1, { error: required })
    .max(MAX_BASE64_CHARS, { error: 'El archivo pesa más de 10 MB: divídelo en varios archivos.' })
    .regex(/^[A-Za-z0-9+/\r\n]+={0,2}\s*$/, { error: 'Contenido base64 inválido' }),
  /** Operators name the store; sellers import into their own. */
  storeId: uuid.optional(),
});
export type ImportBody = z.infer<typeof importBodySchema>;

export const IMPORT_STATUSES = ['queued', 'running', 'imported', 'rejected'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** `filter` of GET /api/catalogo/products/imports. */
export const importListFilterSchema = z.object({
  storeId: uuid.optional(),
  status: z.enum(IMPORT_STATUSES, { error: 'Valor inválido' }).optional(),
});

export const importIdParamsSchema = z.object({ id: uuid });

export const importIssueSchema = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
  /** 'Fila N, columna X: mensaje'. */
  text: z.string(),
});

export const importSummarySchema = z.object({
  id: z.string(),
  storeId: z.string(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: z.enum(IMPORT_STATUSES),
  progress: z.number().int(),
  rowCount: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  errorCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importDetailSchema = importSummarySchema.extend({ errors: z.array(importIssueSchema) });
export type ImportDetail = z.infer<typeof importDetailSchema>;

const ids = z.union([z.string().max(100), z.array(z.string().max(100)).max(1000)]);

/** ra-data-simple-rest's filter of /admin-api/product-imports. */
export const adminImportFilterSchema = z.strictObject({
  id: ids.optional(),
  q: z.string().trim().max(200).optional(),
  storeId: uuid.optional(),
  status: z.enum(IMPORT_STATUSES, { error: 'Valor inválido' }).optional(),
  format: z.enum(['csv', 'xlsx'], { error: 'Valor inválido' }).optional(),
});
export type AdminImportFilter = z.infer<typeof adminImportFilterSchema>;

const tags = ['marketplace: importación de productos'];

export const importsRoutes: RouteContract[] = [
  defineRoute({
    method: 'POST',
    path: IMPORTS_PATH,
    summary: 'Importar el catálogo de la tienda desde una hoja de cálculo (.xlsx o .csv en base64): queda en cola, todo o nada',
    tags,
    body: importBodySchema,
    response: z.object({ importId: z.string(), status: z.literal('queued') }),
    access: IMPORT_ROLES,
    errors: [400, 401, 403, 404, 413],
  }),
  defineRoute({
    method: 'GET',
    path: IMPORTS_PATH,
    summary: 'Importaciones de la tienda, las más recientes primero (filter: storeId, status)',
    tags,
    query: listQuerySchema,
    response: z.array(importSummarySchema),
    access: IMPORT_ROLES,
    errors: [400, 401, 403],
  }),
  defineRoute({
    method: 'GET',
    path: `${IMPORTS_PATH}/template.csv`,
    summary: 'Plantilla CSV con los encabezados en español y un producto de ejemplo',
    tags,
    access: IMPORT_ROLES,
    errors: [401, 403],
  }),
  defineRoute({
    method: 'GET',
    path: `${IMPORTS_PATH}/:id`,
    summary: 'Estado, progreso, conteos y errores por fila de una importación',
    tags,
    params: importIdParamsSchema,
    response: importDetailSchema,
    access: IMPORT_ROLES,
    errors: [400, 401, 404],
  }),
  ...adminResourceRoutes(ADMIN_IMPORTS_PATH, {
    summary: 'Importaciones de catálogo desde hojas de cálculo (los vendedores ven solo las de su tienda)',
    tags,
    row: importDetailSchema,
    params: importIdParamsSchema,
    read: IMPORT_ROLES,
    write: IMPORT_ROLES,
    create: { body: importBodySchema, summary: 'Cargar una hoja de cálculo para importar (queda en cola)' },
  }),
];
