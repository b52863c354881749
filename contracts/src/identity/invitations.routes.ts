import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { sessionDataSchema } from './auth.js';
import { t } from '../messages/format.js';

export const acceptInvitationBodySchema = z.object({
  token: z
    .string({ error: 'Este campo es obligatorio' })
    .regex(/^[A-Za-z0-9_-]{32,128}$/, { error: t('validation.invalidInvitationLink') }),
  password: z.string({ error: 'Este campo es obligatorio' }).min(1, { error: 'Este campo es obligatorio' }).max(128),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/** An approved supplier's invitation (issue #16): the link's page chooses the password; the session starts. */
export const invitationRoutes = {
  accept: defineRoute({
    method: 'POST',
    path: '/api/users/auth/acceptInvitation',
    summary: 'Crear la cuenta de vendedor de un proveedor aprobado con el enlace de la invitación; la sesión queda iniciada',
    tags: ['identity'],
    body: acceptInvitationBodySchema,
    response: successSchema(sessionDataSchema),
    access: 'public',
    errors: [400, 409],
  }),
};
