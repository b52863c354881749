import { z } from 'zod';
import { adminListQuerySchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { ADMIN_USERS_ACCESS, adminUserCreateSchema, adminUserIdParamsSchema, adminUserSchema, adminUserUpdateSchema } from './users.js';

const path = '/admin-api/users';
const tags = ['identity', 'admin-api'];
const access = ADMIN_USERS_ACCESS;

/** /admin-api/users: the operator console's accounts, in ra-data-simple-rest's dialect (array body + Content-Range). */
export const adminUsersRoutes = {
  list: defineRoute({
    method: 'GET',
    path,
    summary:
      'Cuentas (consola de operación): sort, range, filter {q, id, role, country, storeId, active, signUpCompleted, downloadPartsCatalog}; total en Content-Range',
    tags,
    query: adminListQuerySchema,
    response: z.array(adminUserSchema),
    access,
    errors: [400, 401, 403],
  }),
  one: defineRoute({
    method: 'GET',
    path: `${path}/:id`,
    summary: 'Una cuenta',
    tags,
    params: adminUserIdParamsSchema,
    response: adminUserSchema,
    access,
    errors: [400, 401, 403, 404],
  }),
  create: defineRoute({
    method: 'POST',
    path,
    summary: 'Crear una cuenta con sus roles (operadores)',
    tags,
    body: adminUserCreateSchema,
    response: adminUserSchema,
    status: 201,
    access,
    errors: [400, 401, 403, 409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${path}/:id`,
    summary: 'Cambiar roles, permisos (downloadPartsCatalog), estado del registro, tienda o activar/desactivar',
    tags,
    params: adminUserIdParamsSchema,
    body: adminUserUpdateSchema,
    response: adminUserSchema,
    access,
    errors: [400, 401, 403, 404],
  }),
  // Accounts are deactivated, never deleted.
  remove: defineRoute({
    method: 'DELETE',
    path: `${path}/:id`,
    summary: 'No permitido: las cuentas se desactivan (405)',
    tags,
    params: adminUserIdParamsSchema,
    response: z.never(),
    access,
    errors: [401, 403, 405],
  }),
};
