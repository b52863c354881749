import { z } from 'zod';
import '../http/zod-es.js';
import { adminIdsFilterSchema, adminResource } from '../http/admin-routes.js';
import { t } from '../messages/format.js';

/** Operators resolve reports; advisers read them; everyone else gets 403. */
export const CATALOG_ADMIN_WRITE = ['operator'] as const;
export const CATALOG_ADMIN_READ = ['operator', 'adviser'] as const;

const uuid = z.uuid({ error: 'Valor inválido' });
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

// ---- error reports (reportSubstitutionError) -------------------------------------------------

export const reportIdParamsSchema = z.object({ id: uuid });

export const adminReportFilterSchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  id: adminIdsFilterSchema.optional(),
  reference: z.string().trim().max(100).optional(),
  resolved: flag.optional(),
  reporterKind: z.enum(['guest', 'user']).optional(),
});
export type AdminReportFilter = z.infer<typeof adminReportFilterSchema>;

export const adminReportSchema = z.object({
  id: z.string(),
  errorMessage: z.string(),
  reference: z.string().nullable(),
  url: z.string().nullable(),
  reporterKind: z.string(),
  reporterId: z.string(),
  createdAt: z.string(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** Marks a report resolved (or pending again); the rest of what react-admin sends back is ignored. */
export const adminReportUpdateSchema = z.object({ resolved: z.boolean({ error: t('validation.trueOrFalse') }) });

const tags = ['catalog', 'admin-api'];

/** The operator console's catalogue resources under /admin-api (ra-data-simple-rest's dialect). */
export const catalogAdminRoutes = {
  errorReports: adminResource('/admin-api/catalog-error-reports', {
    summary: 'Reportes de error en sustituciones (filter: q, id, reference, resolved, reporterKind)',
    tags,
    row: adminReportSchema,
    params: reportIdParamsSchema,
    read: CATALOG_ADMIN_READ,
    write: CATALOG_ADMIN_WRITE,
    update: { body: adminReportUpdateSchema, summary: 'Marcar un reporte como resuelto ({ resolved: true }) o pendiente' },
  }),
};
