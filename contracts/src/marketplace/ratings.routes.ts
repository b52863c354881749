import { z } from 'zod';
import { adminResource } from '../http/admin-routes.js';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { idParamsSchema } from './params.js';
import { rateStoreBodySchema, resendScoreBodySchema, scoreIdParams, storeScoreSchema } from './ratings.js';

/**
 * Ratings of stores (issue #13; spec 000 §7 POST /api/users/users/resendScore (scoreId)). The buyer reads and
 * answers their own score records (another person's is 404); the store (or an operator) may ask again.
 */

const tags = ['marketplace: calificaciones'];
const messageMeta = z.object({ message: z.string().optional() }).catchall(z.unknown());

export const ratingsRoutes = {
  resendScore: defineRoute({
    method: 'POST',
    path: '/api/users/users/resendScore',
    summary: 'Vuelve a pedir al comprador que califique la tienda (máximo 3 veces, con 24 horas entre una y otra)',
    tags,
    body: resendScoreBodySchema,
    response: successSchema(storeScoreSchema, messageMeta),
    access: ['seller', 'store_admin', 'operator'],
    errors: [400, 401, 403, 404, 409],
  }),
  pending: defineRoute({
    method: 'GET',
    path: '/api/cart/storeScores/pending',
    summary: 'Mis compras entregadas que faltan por calificar (el aviso de Mis compras)',
    tags,
    response: successSchema(z.array(storeScoreSchema)),
    access: 'user',
    errors: [401],
  }),
  one: defineRoute({
    method: 'GET',
    path: '/api/cart/storeScores/:scoreId',
    summary: 'Una calificación pedida (la del comprador que la lee)',
    tags,
    params: scoreIdParams,
    response: successSchema(storeScoreSchema),
    access: 'user',
    errors: [400, 401, 404],
  }),
  rate: defineRoute({
    method: 'POST',
    path: '/api/cart/storeScores/:scoreId',
    summary: 'Calificar la tienda de 1 a 5 con un comentario (una vez por compra)',
    tags,
    params: scoreIdParams,
    body: rateStoreBodySchema,
    response: successSchema(storeScoreSchema, messageMeta),
    access: 'user',
    errors: [400, 401, 404, 409],
  }),
  admin: adminResource('/admin-api/store-ratings', {
    summary: 'Calificaciones de las tiendas (los vendedores ven las de su tienda)',
    tags,
    row: storeScoreSchema,
    params: idParamsSchema,
    read: ['operator', 'adviser', 'seller', 'store_admin'],
    write: ['operator'],
  }),
};
