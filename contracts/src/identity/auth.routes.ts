import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import {
  completeSignUpBodySchema,
  loginBodySchema,
  registerBodySchema,
  registrationSentSchema,
  verifyEmailBodySchema,
  resolvedSessionSchema,
  sessionControlMetadataSchema,
  sessionControlParamsSchema,
  sessionControlQuerySchema,
  sessionDataSchema,
  sessionTokenParamsSchema,
} from './auth.js';

const tags = ['identity'];

/**
 * Accounts and sessions. The spec names no login, logout or registration paths; they live under
 * /api/users/, beside the spec's /api/users/users/resendScore and /api/users/userAdditionalAddress.
 */
export const authRoutes = {
  // The same 202 whether the e-mail is new or not: the answer never says which accounts exist.
  register: defineRoute({
    method: 'POST',
    path: '/api/users/auth/register',
    summary: 'Pedir una cuenta: se envía al correo el enlace que la crea (o, si el correo ya tiene cuenta, un aviso a su dueño)',
    tags,
    body: registerBodySchema,
    response: successSchema(registrationSentSchema),
    status: 202,
    access: 'public',
    errors: [400, 429],
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/users/auth/verifyEmail',
    summary: 'Crear la cuenta con el enlace enviado al correo; la sesión queda iniciada',
    tags,
    body: verifyEmailBodySchema,
    response: successSchema(sessionDataSchema),
    status: 201,
    access: 'public',
    errors: [400, 409, 429],
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/users/auth/login',
    summary: 'Iniciar sesión con correo y contraseña',
    tags,
    body: loginBodySchema,
    response: successSchema(sessionDataSchema),
    access: 'public',
    errors: [400, 401, 429],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/users/auth/logout',
    summary: 'Cerrar sesión; el visitante sigue como invitado',
    tags,
    response: successSchema(sessionDataSchema),
    access: 'public',
  }),
  completeSignUp: defineRoute({
    method: 'POST',
    path: '/api/users/users/completeSignUp',
    summary: 'Completar el registro (nombre, celular, país) para poder cotizar y comprar',
    tags,
    body: completeSignUpBodySchema,
    response: successSchema(sessionDataSchema),
    access: 'user',
    errors: [400, 401],
  }),
  // spec 001 §7 Session: GET /core/sessionControlData/{userId or 0} with refererUrl; data holds the user and isGuest.
  sessionControlData: defineRoute({
    method: 'GET',
    path: '/api/core/sessionControlData/:userId',
    summary: 'Estado de la sesión del visitante (el cliente lo consulta cada 15 s)',
    tags,
    params: sessionControlParamsSchema,
    query: sessionControlQuerySchema,
    response: successSchema(sessionDataSchema, sessionControlMetadataSchema),
    access: 'public',
    errors: [400],
  }),
};

/** Service to service: processes that do not run identity resolve a session cookie here (x-internal-token). */
export const internalSessionRoutes = {
  resolve: defineRoute({
    method: 'GET',
    path: '/internal/identity/sessions/:token',
    summary: 'Resolver una sesión (interno): la persona y el visitante invitado con que navegaba',
    tags: ['identity', 'internal'],
    params: sessionTokenParamsSchema,
    response: successSchema(resolvedSessionSchema),
    access: 'public',
    errors: [403, 404],
  }),
};
