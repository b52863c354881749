import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { listQuerySchema, successSchema } from '../http/envelope.js';
import { addressIdParamsSchema, addressInputSchema, addressSchema } from './address.js';

const path = '/api/users/userAdditionalAddress';
const tags = ['identity', 'addresses'];

const listMetadata = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/**
 * A person's shipping addresses. The spec shows GET and POST (000 §7, with `getters`); reading one,
 * changing and deleting it are ours, at the same path with the address id. Only the owner ever sees an
 * address: another person's id answers 404.
 */
export const addressRoutes = {
  list: defineRoute({
    method: 'GET',
    path,
    summary: 'Mis direcciones de envío (la principal primero, luego las más recientes); page desde 0, pageSize',
    tags,
    query: listQuerySchema,
    response: successSchema(z.array(addressSchema), listMetadata),
    access: 'user',
    errors: [400, 401],
  }),
  create: defineRoute({
    method: 'POST',
    path,
    summary: 'Guardar una dirección de envío (la primera queda como principal)',
    tags,
    body: addressInputSchema,
    response: successSchema(addressSchema),
    status: 201,
    access: 'user',
    errors: [400, 401, 409],
  }),
  one: defineRoute({
    method: 'GET',
    path: `${path}/:id`,
    summary: 'Una de mis direcciones',
    tags,
    params: addressIdParamsSchema,
    response: successSchema(addressSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: `${path}/:id`,
    summary: 'Cambiar una de mis direcciones (se envía completa); isDefault true la vuelve principal',
    tags,
    params: addressIdParamsSchema,
    body: addressInputSchema,
    response: successSchema(addressSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: `${path}/:id`,
    summary: 'Eliminar una de mis direcciones (si era la principal, la más reciente de las demás pasa a serlo)',
    tags,
    params: addressIdParamsSchema,
    response: successSchema(addressSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
};
