import { z } from 'zod';
import { listQuerySchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/index.js';
import { referenceParam, uuidParam } from './params.js';
import { cleanReference } from './product.js';

/** `filter` of GET /store/productsCategoryGroup (spec 000 §7: "with filter name"). */
export const categoryFilterSchema = z.object({ name: z.string().trim().max(80).optional() });

/** GET /catalogo/images/findImage: one reference or several, comma-separated (normalised, at most 100), and a store. */
export const findImageQuerySchema = z.object({
  references: z
    .string({ error: t('validation.fieldRequired') })
    .max(2000)
    .transform((v) =>
      [
        ...new Set(
          v
            .split(',')
            .map(cleanReference)
            .filter((r) => r.length > 0),
        ),
      ].slice(0, 100),
    ),
  storeId: uuidParam.optional(),
});

/** The part number comes back normalised (letters and digits, upper case). */
export const imageRegistrationQuerySchema = z.object({ reference: referenceParam.transform(cleanReference), storeId: uuidParam });

/** A product category and how many products the marketplace lists in it. */
export const categoryViewSchema = z.object({ name: z.string(), products: z.number().int() });
/** The images sellers published for a part number. */
export const referenceImagesSchema = z.object({ reference: z.string(), images: z.array(z.string()) });
export type ReferenceImages = z.infer<typeof referenceImagesSchema>;

const tags = ['marketplace: categorías e imágenes'];

/** Product categories and product images as sellers published them (spec 000 §7), read from the search read model. */
export const catalogDataRoutes = {
  categories: defineRoute({
    method: 'GET',
    path: '/api/store/productsCategoryGroup',
    summary: 'Categorías de productos (filter.name), las de más productos primero',
    tags,
    query: listQuerySchema,
    response: successSchema(z.array(categoryViewSchema)),
    access: 'public',
    errors: [400],
  }),
  findImage: defineRoute({
    method: 'GET',
    path: '/api/catalogo/images/findImage',
    summary: 'Imágenes publicadas de unos números de parte (en una tienda)',
    tags,
    query: findImageQuerySchema,
    response: successSchema(z.array(referenceImagesSchema)),
    access: 'public',
    errors: [400],
  }),
  imageRegistration: defineRoute({
    method: 'GET',
    path: '/api/catalogo/images/getImageRegistrationByReferenceInStore',
    summary: 'Imágenes registradas de un número de parte en una tienda',
    tags,
    query: imageRegistrationQuerySchema,
    response: successSchema(referenceImagesSchema),
    access: 'public',
    errors: [400],
  }),
};
