import { z } from 'zod';
import '../http/zod-es.js';
import { adminIdsFilterSchema } from '../http/admin-routes.js';
import { countrySchema, mobileSchema } from './auth.js';
import { roleSchema } from './roles.js';
import { t } from '../messages/format.js';

/** People's accounts are for operators only: advisers and sellers get 403. */
export const ADMIN_USERS_ACCESS = ['operator'] as const;

const uuid = z.uuid({ error: 'Valor inválido' });
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const adminUserIdParamsSchema = z.object({ id: uuid });

/** ra-data-simple-rest's filter: the list's filters, `id` for getMany, and any of them as a getManyReference target. */
export const adminUserFilterSchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  id: adminIdsFilterSchema.optional().transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  role: roleSchema.optional(),
  country: countrySchema.optional(),
  storeId: uuid.optional(),
  active: flag.optional(),
  signUpCompleted: flag.optional(),
  downloadPartsCatalog: flag.optional(),
});
export type AdminUserFilter = z.infer<typeof adminUserFilterSchema>;

/** One account as the operator console shows it. */
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

const roles = z
  .array(roleSchema)
  .min(1, { error: t('validation.chooseRole') })
  .max(6);
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
