import { z } from 'zod';
import '../http/zod-es.js';
import { defineRoute } from '../http/route.js';
import { vehicleQuerySchema } from './browse.routes.js';

const id = z.string().trim().min(1).max(128);

/** spec 001 §7 "Excel": catalogCode, vehicleId, ssd, cid, uid, groupName, url (plus the version 2 `language`). */
export const exportExcelQuerySchema = vehicleQuerySchema.extend({
  /** Limit to this category and its subcategories. */
  cid: id.optional(),
  /** Limit to this unit (diagram). */
  uid: id.optional(),
  /** The group name the console shows, written in the header block. */
  groupName: z.string().trim().max(200).optional(),
  /** The console page the download came from (accepted, not used). */
  url: z.string().trim().max(2048).optional(),
});
export type ExportExcelQuery = z.infer<typeof exportExcelQuerySchema>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The version 2 catalogue's Excel download (spec 001 §7 "Excel"). */
export const catalogExportRoutes = {
  exportExcel: defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/exportExcel',
    summary: 'Descarga en Excel (.xlsx) las piezas del vehículo; solo con el permiso downloadPartsCatalog',
    tags: ['catalog'],
    query: exportExcelQuerySchema,
    produces: XLSX_CONTENT_TYPE,
    access: 'user',
    errors: [400, 401, 403, 404],
  }),
};
