import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { jsonObjectParam, listQuerySchema, successSchema } from '../http/envelope.js';
import { adminIdsFilterSchema, adminResource } from '../http/admin-routes.js';
import { idParamsSchema, uuidParam } from './params.js';
import { t } from '../messages/index.js';
import {
  QUESTION_ANSWERS,
  QUESTION_STATES,
  askQuestionSchema,
  questionFilterSchema,
  questionPatchSchema,
  questionVehicleSchema,
  questionViewSchema,
  verdictSchema,
} from './questions.js';
import { MARKET_READ, MARKET_WRITE } from './admin.routes.js';

const path = '/api/catalogo/productosQuestions';
const tags = ['marketplace: preguntas de productos'];
const listMetadata = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
const messageMetadata = z.object({ message: z.string(), detail: z.string().optional() });

/** spec 000 §7 "GET /catalogo/productosQuestions with filter, pageSize, page, scopes, relations, attributes, getters". */
export const questionsQuerySchema = listQuerySchema.extend({ filter: jsonObjectParam.pipe(questionFilterSchema) });

/** The verdict's query: the vehicle asked about (a question's vehicle: brand and model required, year and VIN optional). */
export const verdictQuerySchema = questionVehicleSchema;

/**
 * Product questions (spec 000 §7 "Product questions"): a person asks a product's seller whether it fits their
 * vehicle; the seller answers; the person may follow up. A person reads only their own questions; sellers and
 * store admins their store's (scope `store`); operators every store's. Another's question answers 404.
 */
export const questionsRoutes = {
  list: defineRoute({
    method: 'GET',
    path,
    summary:
      'Preguntas de compatibilidad: las mías, o con scopes=store las de mi tienda (operadores: todas); filter {product_id, storeId, state, q}; scopes mine|store|pending|answered; getters verdict; relations product; attributes: los campos a devolver',
    tags,
    query: questionsQuerySchema,
    response: successSchema(z.array(questionViewSchema.partial()), listMetadata),
    access: 'user',
    errors: [400, 401, 403],
  }),
  ask: defineRoute({
    method: 'POST',
    path,
    summary: "Preguntar al vendedor si el producto sirve para un vehículo ('Is this product compatible with my vehicle …?')",
    tags,
    body: askQuestionSchema,
    response: successSchema(questionViewSchema, messageMetadata),
    status: 201,
    access: 'user',
    errors: [400, 401, 404, 409],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: `${path}/:id`,
    summary: 'El vendedor responde (answer yes|no|need_vin, response); quien preguntó agrega un comentario o el VIN (follow_up, vin)',
    tags,
    params: idParamsSchema,
    body: questionPatchSchema,
    response: successSchema(questionViewSchema, messageMetadata),
    access: 'user',
    errors: [400, 401, 404, 409],
  }),
  verdict: defineRoute({
    method: 'GET',
    path: '/api/catalogo/products/:id/compatibilityVerdict',
    summary: '¿Le sirve a mi vehículo? Sí / Probable / No / Necesito tu VIN, con la evidencia del producto',
    tags,
    params: idParamsSchema,
    query: verdictQuerySchema,
    response: successSchema(verdictSchema),
    access: 'public',
    errors: [400, 404],
  }),
};

export const adminQuestionFilterSchema = z.strictObject({
  id: adminIdsFilterSchema.optional(),
  storeId: uuidParam.optional(),
  productId: uuidParam.optional(),
  state: z.enum(QUESTION_STATES).optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminQuestionFilter = z.infer<typeof adminQuestionFilterSchema>;

const questionsResource = adminResource('/admin-api/product-questions', {
  summary: 'Preguntas de compatibilidad de los productos',
  tags: ['marketplace: consola de operación'],
  row: questionViewSchema,
  params: idParamsSchema,
  read: MARKET_READ,
  write: MARKET_WRITE,
});

/** The operator console's resource: sellers see and answer their store's questions; operators all. */
export const questionsAdminRoutes = {
  ...questionsResource,
  update: defineRoute({
    method: 'PUT',
    path: '/admin-api/product-questions/:id',
    summary: 'Responder una pregunta: compatible, no compatible o necesito el VIN, con un comentario',
    tags: ['marketplace: consola de operación'],
    params: idParamsSchema,
    body: z
      .object({
        answer: z.enum(QUESTION_ANSWERS, { error: t('questions.answerRequired') }),
        response: z.string().trim().max(1000).nullish(),
      })
      .loose(),
    response: questionViewSchema,
    access: MARKET_WRITE,
    errors: [400, 401, 403, 404, 409],
  }),
};
