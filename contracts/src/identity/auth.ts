import { z } from 'zod';
import '../http/zod-es.js';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { roleSchema } from './roles.js';

export const COUNTRIES = ['CO', 'MX'] as const;
export const countrySchema = z.enum(COUNTRIES);

const email = z
  .string({ error: 'Este campo es obligatorio' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Correo electrónico inválido' }).max(254, { error: 'Debe tener como máximo 254 caracteres' }));

const password = z
  .string({ error: 'Este campo es obligatorio' })
  .min(8, { error: 'La contraseña debe tener al menos 8 caracteres' })
  .max(128, { error: 'Debe tener como máximo 128 caracteres' });

/** Mobile numbers as WhatsApp reaches them: optional +, 7 to 15 digits (E.164), spaces and dashes ignored. */
export const mobileSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{7,15}$/, { error: 'Número de celular inválido' }));

/** Roles a person may choose when signing up; the rest are granted by an operator. */
export const SELF_SERVICE_ROLES = ['customer', 'workshop', 'seller'] as const;

export const registerBodySchema = z.object({
  email,
  password,
  name: z.string({ error: 'Este campo es obligatorio' }).trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120),
  mobile: mobileSchema.optional(),
  role: z.enum(SELF_SERVICE_ROLES).default('customer'),
  country: countrySchema.default('CO'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email,
  password: z.string({ error: 'Este campo es obligatorio' }).min(1, { error: 'Este campo es obligatorio' }).max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const completeSignUpBodySchema = z.object({
  name: z.string({ error: 'Este campo es obligatorio' }).trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120),
  mobile: mobileSchema,
  country: countrySchema,
  documentNumber: z.string().trim().min(5, { error: 'Debe tener al menos 5 caracteres' }).max(20).optional(),
});
export type CompleteSignUpBody = z.infer<typeof completeSignUpBodySchema>;

/** The user as the consoles keep it (spec: id, isGuest, downloadPartsCatalog, email, mobile), plus what they show. */
export const sessionUserSchema = z.object({
  id: z.string(),
  isGuest: z.boolean(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  name: z.string().nullable(),
  roles: z.array(roleSchema),
  downloadPartsCatalog: z.boolean(),
  signUpCompleted: z.boolean(),
  country: countrySchema,
  storeId: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionDataSchema = z.object({ user: sessionUserSchema, isGuest: z.boolean() });
export type SessionData = z.infer<typeof sessionDataSchema>;

export const sessionControlParamsSchema = z.object({
  userId: z
    .string()
    .trim()
    .max(64)
    .regex(/^(0|[0-9a-f-]{36})$/i, { error: 'Valor inválido' }),
});
export const sessionControlQuerySchema = z.object({ refererUrl: z.string().max(2048).optional() });

export const identityRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/users/auth/register',
    summary: 'Crear una cuenta; la sesión queda iniciada',
    tags: ['identity'],
    body: registerBodySchema,
    response: successSchema(sessionDataSchema),
    access: 'public',
    errors: [400, 409, 429],
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/users/auth/login',
    summary: 'Iniciar sesión con correo y contraseña',
    tags: ['identity'],
    body: loginBodySchema,
    response: successSchema(sessionDataSchema),
    access: 'public',
    errors: [400, 401, 429],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/users/auth/logout',
    summary: 'Cerrar sesión; el visitante sigue como invitado',
    tags: ['identity'],
    response: successSchema(sessionDataSchema),
    access: 'public',
  }),
  completeSignUp: defineRoute({
    method: 'POST',
    path: '/api/users/users/completeSignUp',
    summary: 'Completar el registro (nombre, celular, país) para poder cotizar y comprar',
    tags: ['identity'],
    body: completeSignUpBodySchema,
    response: successSchema(sessionDataSchema),
    access: 'user',
    errors: [400, 401],
  }),
  sessionControlData: defineRoute({
    method: 'GET',
    path: '/api/core/sessionControlData/:userId',
    summary: 'Estado de la sesión del visitante (el cliente lo consulta cada 15 s)',
    tags: ['identity'],
    params: sessionControlParamsSchema,
    query: sessionControlQuerySchema,
    response: successSchema(sessionDataSchema),
    access: 'public',
  }),
} as const;
