import { z } from 'zod';
import { adminListQuerySchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import {
  rejectSupplierBodySchema,
  supplierApplicationInputSchema,
  supplierApplicationReceiptSchema,
  supplierApplicationSchema,
} from './suppliers.js';

const tags = ['marketplace: proveedores'];
const operators = ['operator'] as const;
const idParams = z.object({ id: z.string().max(100) });

/**
 * Joining as a supplier (issue #16; spec 000 §1 '/info/proveedores-autopartes', '/info/quiero-vender'): anyone
 * applies (no account needed: the account comes with the approval); operators review in the console.
 */
export const suppliersRoutes = {
  apply: defineRoute({
    method: 'POST',
    path: '/api/store/supplierApplications',
    summary:
      'Solicitud para vender en Tuerca: empresa, NIT (CO) o RFC (MX) con dígito de verificación, ciudad, contacto, WhatsApp, qué vende',
    tags,
    body: supplierApplicationInputSchema,
    response: successSchema(supplierApplicationReceiptSchema, z.object({ message: z.string() })),
    status: 201,
    access: 'public',
    errors: [400, 409, 429],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/admin-api/supplier-applications',
    summary: 'Solicitudes de proveedores (ra-data-simple-rest: sort, range, filter {status, country, q}); total en Content-Range',
    tags,
    query: adminListQuerySchema,
    response: z.array(supplierApplicationSchema),
    access: operators,
    errors: [400, 401, 403],
  }),
  one: defineRoute({
    method: 'GET',
    path: '/admin-api/supplier-applications/:id',
    summary: 'Una solicitud de proveedor',
    tags,
    params: idParams,
    response: supplierApplicationSchema,
    access: operators,
    errors: [401, 403, 404],
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/admin-api/supplier-applications/:id/approve',
    summary: 'Aprobar: crea la tienda; identity crea la cuenta del vendedor y le envía la invitación por correo',
    tags,
    params: idParams,
    response: supplierApplicationSchema,
    access: operators,
    errors: [401, 403, 404, 409],
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/admin-api/supplier-applications/:id/reject',
    summary: 'Rechazar una solicitud, con el motivo',
    tags,
    params: idParams,
    body: rejectSupplierBodySchema,
    response: supplierApplicationSchema,
    access: operators,
    errors: [400, 401, 403, 404, 409],
  }),
};
