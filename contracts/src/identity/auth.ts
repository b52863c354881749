import { z } from 'zod';
import '../http/zod-es.js';
import { roleSchema } from './roles.js';
import { withE164Mobile } from '../notifications/phone.js';
import { t } from '../messages/format.js';

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
  .pipe(z.string().regex(/^\+?\d{7,15}$/, { error: t('validation.invalidMobile') }));

/** Roles a person may choose when signing up; the rest are granted by an operator. */
export const SELF_SERVICE_ROLES = ['customer', 'workshop', 'seller'] as const;

export const registerBodySchema = z
  .object({
    email,
    password,
    name: z.string({ error: 'Este campo es obligatorio' }).trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120),
    mobile: mobileSchema.optional(),
    role: z.enum(SELF_SERVICE_ROLES).default('customer'),
    country: countrySchema.default('CO'),
  })
  .transform(withE164Mobile);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * What registration answers, whether or not the e-mail already has an account (so the answer reveals
 * nothing): an e-mail went to that address — the link that creates the account, or a note to its owner.
 */
export const registrationSentSchema = z.object({ email: z.string(), verificationSent: z.literal(true) });
export type RegistrationSent = z.infer<typeof registrationSentSchema>;

/** The one-time token of the registration link. */
export const verifyEmailBodySchema = z.object({
  token: z
    .string({ error: 'Este campo es obligatorio' })
    .regex(/^[A-Za-z0-9_-]{32,128}$/, { error: t('validation.invalidVerificationLink') }),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const loginBodySchema = z.object({
  email,
  password: z.string({ error: 'Este campo es obligatorio' }).min(1, { error: 'Este campo es obligatorio' }).max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const completeSignUpBodySchema = z
  .object({
    name: z.string({ error: 'Este campo es obligatorio' }).trim().min(2, { error: 'Debe tener al menos 2 caracteres' }).max(120),
    mobile: mobileSchema,
    country: countrySchema,
    documentNumber: z.string().trim().min(5, { error: 'Debe tener al menos 5 caracteres' }).max(20).optional(),
  })
  .transform(withE164Mobile);
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

/** What `sessionControlData` says besides the user: whether the user id the console asked about is still this visitor's session. */
export const sessionControlMetadataSchema = z.object({ sessionActive: z.boolean() });

/** A session as identity resolves it for the other processes: the person and the guest id they browsed with. */
export const resolvedSessionSchema = z.object({ user: sessionUserSchema, guestId: z.string() });
export type ResolvedSessionView = z.infer<typeof resolvedSessionSchema>;

/** A session token as the cookie carries it (base64url, 16 to 128 characters). */
export const sessionTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'Valor inválido' }),
});
