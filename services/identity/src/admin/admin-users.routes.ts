import { z } from 'zod';
import { adminListQuerySchema, countrySchema, defineRoute, mobileSchema, roleSchema, type RouteContract } from '@tuerca/contracts';

export const ADMIN_USERS_PATH = '/admin-api/users';
/** People's accounts are for operators only: advisers and sellers get 403. */
export const ADMIN_USERS_ACCESS = ['operator'] as const;

const uuid = z.uuid({ error: 'Valor inválido' });
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const adminUserIdParamsSchema = z.object({ id: uuid });

/** ra-data-simple-rest's filter: the list's filters, `id` for getMany, and any of them as a getManyReference target. */
export const adminUserFilterSchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  id: z.union([z.string().max(100), z.array(z.string().max(100)).max(1000)]).optional(),
  role: roleSchema.optional(),
  country: countrySchema.optional(),
  storeId: uuid.optional(),
  active: flag.optional(),
  signUpCompleted: flag.optional(),
  downloadPartsCatalog: flag.optional(),
});
export type AdminUserFilter = z.infer<typeof adminUserFilterSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  roles: z.array(roleSchema),
  downloadPartsCatalog: z.boolean(),
  signUpCompleted: z.boolean(),
  country: countrySchema,
  storeId: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const roles = z.array(roleSchema).min(1, { error: 'Elige al menos un rol' }).max(6);
const nullableMobile = z.union([mobileSchema, z.literal('').transform(() => null), z.null()]);

/** An account an operator opens (an adviser, a store's admin, ...). */
export const adminUserCreateSchema = z.object({
  email: z
    .string({ error: 'Este campo es obligatorio' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Correo electrónico inválido' }).max(254)),
  password: z.string({ error: 'Este campo es obligatorio' }).min(8, { error: 'La contraseña debe tener al menos 8 caracteres' }).max(128),
  name: z.string({ error: 'Este campo es obligatorio' }).trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120),
  mobile: nullableMobile.optional(),
  roles: roles.default(['customer']),
  country: countrySchema.default('CO'),
  downloadPartsCatalog: z.boolean().default(false),
  storeId: uuid.nullable().optional(),
});
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

/**
 * What an operator may change (react-admin sends the whole record back; the read-only fields it carries,
 * such as email and dates, are ignored).
 */
export const adminUserUpdateSchema = z.object({
  name: z.string().trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120).nullable().optional(),
  mobile: nullableMobile.optional(),
  roles: roles.optional(),
  country: countrySchema.optional(),
  downloadPartsCatalog: z.boolean().optional(),
  signUpCompleted: z.boolean().optional(),
  storeId: uuid.nullable().optional(),
  active: z.boolean().optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

const tags = ['identity', 'admin-api'];
const errors = [400, 401, 403, 404] as const;

/** /admin-api/users in ra-data-simple-rest's dialect (list: array body + Content-Range). */
export const adminUsersRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: ADMIN_USERS_PATH,
    summary:
      'Cuentas (consola de operación): sort, range, filter {q, id, role, country, storeId, active, signUpCompleted, downloadPartsCatalog}',
    tags,
    query: adminListQuerySchema,
    response: z.array(adminUserSchema),
    access: ADMIN_USERS_ACCESS,
    errors,
  }),
  defineRoute({
    method: 'GET',
    path: `${ADMIN_USERS_PATH}/:id`,
    summary: 'Una cuenta',
    tags,
    params: adminUserIdParamsSchema,
    response: adminUserSchema,
    access: ADMIN_USERS_ACCESS,
    errors,
  }),
  defineRoute({
    method: 'POST',
    path: ADMIN_USERS_PATH,
    summary: 'Crear una cuenta con sus roles (operadores)',
    tags,
    body: adminUserCreateSchema,
    response: adminUserSchema,
    access: ADMIN_USERS_ACCESS,
    errors: [400, 401, 403, 409],
  }),
  defineRoute({
    method: 'PUT',
    path: `${ADMIN_USERS_PATH}/:id`,
    summary: 'Cambiar roles, permisos (downloadPartsCatalog), estado del registro, tienda o activar/desactivar',
    tags,
    params: adminUserIdParamsSchema,
    body: adminUserUpdateSchema,
    response: adminUserSchema,
    access: ADMIN_USERS_ACCESS,
    errors,
  }),
  defineRoute({
    method: 'DELETE',
    path: `${ADMIN_USERS_PATH}/:id`,
    summary: 'No permitido: las cuentas se desactivan (405)',
    tags,
    params: adminUserIdParamsSchema,
    access: ADMIN_USERS_ACCESS,
    errors: [401, 403, 405],
  }),
];
