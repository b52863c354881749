import { z } from 'zod';
import { listQuerySchema, pageSchema, successSchema } from '../http/envelope.js';
import { adminIdsFilterSchema, adminResource } from '../http/admin-routes.js';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/index.js';
import { idParamsSchema, uuidParam } from './params.js';

/** A spreadsheet over this size is refused (10 MB). */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** base64 of a 10 MB file is about 13.4 million characters; a little more is let through so the size check answers in Spanish. */
export const IMPORT_MAX_BASE64_CHARS = Math.ceil(((IMPORT_MAX_FILE_BYTES * 1.1) / 3) * 4);
/** Sellers and store admins import into their own store; operators into any. */
export const IMPORT_ROLES = ['seller', 'store_admin', 'operator'] as const;

export const IMPORT_STATUSES = ['queued', 'running', 'imported', 'rejected'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const required = t('validation.fieldRequired');

/** The upload: the file travels as base64 inside JSON (the app has no multipart parser). */
export const importBodySchema = z.object({
  fileName: z.string({ error: required }).trim().min(1, { error: required }).max(255),
  contentBase64: z
    .string({ error: required })
    .min(1, { error: required })
    .max(IMPORT_MAX_BASE64_CHARS, { error: t('validation.fileTooLarge') })
    .regex(/^[A-Za-z0-9+/\r\n]+={0,2}\s*$/, { error: t('validation.invalidBase64') }),
  /** Operators name the store; sellers import into their own. */
  storeId: uuidParam.optional(),
});
export type ImportBody = z.infer<typeof importBodySchema>;

/** `filter` of GET /api/catalogo/products/imports. */
export const importListFilterSchema = z.object({
  storeId: uuidParam.optional(),
  status: z.enum(IMPORT_STATUSES, { error: t('validation.invalidValue') }).optional(),
});

/** ra-data-simple-rest's filter of /admin-api/product-imports. */
export const adminImportFilterSchema = z.strictObject({
  id: adminIdsFilterSchema.optional(),
  q: z.string().trim().max(200).optional(),
  storeId: uuidParam.optional(),
  status: z.enum(IMPORT_STATUSES, { error: t('validation.invalidValue') }).optional(),
  format: z.enum(IMPORT_FORMATS, { error: t('validation.invalidValue') }).optional(),
});
export type AdminImportFilter = z.infer<typeof adminImportFilterSchema>;

export const importIssueSchema = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
  /** 'Fila N, columna X: mensaje'. */
  text: z.string(),
  /** A program's code for the problem, when it has one (a warning's 'Brand not mapped'). */
  code: z.string().optional(),
});

export const importSummarySchema = z.object({
  id: z.string(),
  storeId: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  progress: z.number().int(),
  rowCount: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  errorCount: z.number().int(),
  /** Rows imported with a warning (a brand label not mapped to a PIES brand). */
  warningCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importDetailSchema = importSummarySchema.extend({
  errors: z.array(importIssueSchema),
  /** The rows imported with a remark, each with its code: the brands the store has not mapped (issue 18). */
  warnings: z.array(importIssueSchema),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

const tags = ['marketplace: importación de productos'];
const P = '/api/catalogo/products/imports';

/** Sellers' catalogue imports from spreadsheets (xlsx, csv): queued, parsed by a job, all or nothing. */
export const importsRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: P,
    summary: 'Importar el catálogo de la tienda desde una hoja de cálculo (.xlsx o .csv en base64): queda en cola, todo o nada',
    tags,
    body: importBodySchema,
    response: successSchema(z.object({ importId: z.string(), status: z.literal('queued') })),
    status: 202,
    access: IMPORT_ROLES,
    errors: [400, 401, 403, 404, 413],
  }),
  list: defineRoute({
    method: 'GET',
    path: P,
    summary: 'Importaciones de la tienda, las más recientes primero (filter: storeId, status)',
    tags,
    query: listQuerySchema,
    response: pageSchema(importSummarySchema),
    access: IMPORT_ROLES,
    errors: [400, 401, 403],
  }),
  template: defineRoute({
    method: 'GET',
    path: `${P}/template.csv`,
    summary: 'Plantilla CSV con los encabezados en español y un producto de ejemplo',
    tags,
    produces: 'text/csv',
    access: IMPORT_ROLES,
    errors: [401, 403],
  }),
  one: defineRoute({
    method: 'GET',
    path: `${P}/:id`,
    summary: 'Estado, progreso, conteos y errores por fila de una importación',
    tags,
    params: idParamsSchema,
    response: successSchema(importDetailSchema),
    access: IMPORT_ROLES,
    errors: [400, 401, 404],
  }),
  admin: {
    ...adminResource('/admin-api/product-imports', {
      summary: 'Importaciones de catálogo desde hojas de cálculo (los vendedores ven solo las de su tienda)',
      tags,
      row: importDetailSchema,
      params: idParamsSchema,
      read: IMPORT_ROLES,
      write: IMPORT_ROLES,
    }),
    create: defineRoute({
      method: 'POST',
      path: '/admin-api/product-imports',
      summary: 'Cargar una hoja de cálculo para importar (queda en cola)',
      tags,
      body: importBodySchema,
      response: importDetailSchema,
      status: 201,
      access: IMPORT_ROLES,
      errors: [400, 401, 403, 404, 413],
    }),
  },
};

/** The two upload routes, whose body limit is raised for the file (the app's default is 2 MiB). */
export const IMPORT_UPLOAD_PATHS = [importsRoutes.upload.path, importsRoutes.admin.create.path] as const;
/** Fastify's body limit for them. */
export const IMPORT_BODY_LIMIT = IMPORT_MAX_BASE64_CHARS + 64 * 1024;
