import { z } from 'zod';
import '../http/zod-es.js';
import { defineRoute } from '../http/route.js';

const tags = ['catalog'];

/** A part type's key ('front-disc', 'oil-filter'): the catalogue's part types. */
export const partPhotoParamsSchema = z.object({
  partType: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/),
});

/** What the label says: the brand and the part number as written ('Mann-Filter', 'WK 616/1'); `original` for the make's own part. */
export const partPhotoQuerySchema = z.object({
  brand: z.string().trim().min(1).max(40),
  number: z.string().trim().min(1).max(40),
  original: z.enum(['0', '1']).default('0'),
});

export type PartPhotoQuery = z.infer<typeof partPhotoQuerySchema>;

/** The catalogue's pictures that are not diagrams: product photos drawn from the part types' drawings. */
export const catalogMediaRoutes = {
  partPhoto: defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/partPhotos/:partType/photo.webp',
    summary: 'Foto de producto de una autoparte: el dibujo de su tipo, con la marca y el número en la etiqueta (image/webp)',
    tags,
    params: partPhotoParamsSchema,
    query: partPhotoQuerySchema,
    produces: 'image/webp',
    access: 'public',
    errors: [400, 404],
  }),
};
