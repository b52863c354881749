import { z } from 'zod';
import '../http/zod-es.js';
import { successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { t } from '../messages/index.js';
import { REPLACEMENT_TYPES, REPLACEMENT_WAYS } from './v2.js';
import { normalizeReference } from './reference.js';

/** One OEM number's list travels in one CrossReferencesPublished event, which holds at most this many. */
export const MAX_CROSS_REFERENCES = 500;
/** Normalised part numbers are at most this long (the event's limit). */
const MAX_NUMBER = 60;

const partNumber = (key: 'oemWithoutCharacters' | 'partWithoutCharacters') =>
  z
    .string()
    .trim()
    .min(1)
    .max(MAX_NUMBER)
    .refine((v) => normalizeReference(v).length > 0, {
      error: (issue) =>
        key === 'oemWithoutCharacters'
          ? t('crossReferences.oemWithoutCharacters', { oem: String(issue.input) })
          : t('crossReferences.partWithoutCharacters', { part: String(issue.input) }),
    });

export const crossReferenceTypeSchema = z.enum(REPLACEMENT_TYPES, { error: () => t('crossReferences.badType') });
export const crossReferenceWaySchema = z.enum(REPLACEMENT_WAYS, { error: () => t('crossReferences.badWay') });

export const crossReferenceInputSchema = z.object({
  manufacturer: z.string().trim().min(1).max(100),
  partNumber: partNumber('partWithoutCharacters'),
  type: crossReferenceTypeSchema,
  way: crossReferenceWaySchema,
});

/** PUT body: the OEM number's whole list, which replaces the one the catalogue had. */
export const replaceCrossReferencesBodySchema = z
  .object({
    oem: partNumber('oemWithoutCharacters'),
    manufacturer: z.string().trim().min(1).max(100),
    catalogCode: z.string().trim().min(1).max(64),
    partType: z.string().trim().min(1).max(100),
    references: z.array(crossReferenceInputSchema).max(MAX_CROSS_REFERENCES),
  })
  .superRefine((body, ctx) => {
    const oem = normalizeReference(body.oem);
    const seen = new Set<string>();
    body.references.forEach((r, i) => {
      const part = normalizeReference(r.partNumber);
      if (!part) return;
      if (part === oem)
        ctx.addIssue({
          code: 'custom',
          path: ['references', i, 'partNumber'],
          message: t('crossReferences.sameAsOem', { part: r.partNumber }),
        });
      const key = `${r.manufacturer.toUpperCase()}\u0000${part}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['references', i, 'partNumber'],
          message: t('crossReferences.duplicateReference', { part: r.partNumber, manufacturer: r.manufacturer }),
        });
      seen.add(key);
    });
  });
export type ReplaceCrossReferencesBody = z.infer<typeof replaceCrossReferencesBodySchema>;

export const crossReferencesQuerySchema = z.object({
  oem: z
    .string({ error: () => t('crossReferences.oemRequired') })
    .trim()
    .min(1, { error: () => t('crossReferences.oemRequired') })
    .max(MAX_NUMBER)
    .refine((v) => normalizeReference(v).length > 0, {
      error: (issue) => t('crossReferences.oemWithoutCharacters', { oem: String(issue.input) }),
    }),
});
export type CrossReferencesQuery = z.infer<typeof crossReferencesQuerySchema>;

export const republishCrossReferencesBodySchema = z.object({
  /** OEM numbers per batch (one transaction and one event per OEM number in each). */
  batchSize: z.coerce.number().int().min(1).max(1000).default(200),
});
export type RepublishCrossReferencesBody = z.infer<typeof republishCrossReferencesBodySchema>;

export const republishJobParamsSchema = z.object({ jobId: z.string().regex(/^republish-[0-9a-f-]{36}$/) });

export const crossReferenceListSchema = z.object({
  oem: z.string(),
  oemNormalized: z.string(),
  manufacturer: z.string().nullable(),
  catalogCode: z.string().nullable(),
  partType: z.string().nullable(),
  references: z.array(
    z.object({
      manufacturer: z.string(),
      partNumber: z.string(),
      partNormalized: z.string(),
      type: z.enum(REPLACEMENT_TYPES),
      way: z.enum(REPLACEMENT_WAYS),
      name: z.string(),
      catalogCode: z.string(),
    }),
  ),
  /**
   * An edit's flags (Spanish texts): a reference that already substitutes, or is, a part of another part type —
   * a substitute is the same part, so the operator checks it. Saved all the same: the operator's word wins.
   */
  warnings: z.array(z.string()).optional(),
});
export type CrossReferenceList = z.infer<typeof crossReferenceListSchema>;

export const republishProgressSchema = z.object({
  oems: z.number().int(),
  batches: z.number().int(),
  lastOem: z.string().nullable(),
  done: z.boolean(),
});
export type RepublishProgress = z.infer<typeof republishProgressSchema>;

export const republishStatusSchema = z.object({
  jobId: z.string(),
  state: z.string(),
  progress: republishProgressSchema,
  attemptsMade: z.number().int(),
  failedReason: z.string().nullable(),
});
export type RepublishStatus = z.infer<typeof republishStatusSchema>;

const PATH = '/api/catalogo/catalogV2/crossReferences';
const tags = ['catalog'];

/** Cross-references of OEM numbers: operators (and advisers, to read) keep them; every change reaches the marketplace. */
export const crossReferencesRoutes = {
  get: defineRoute({
    method: 'GET',
    path: PATH,
    summary: 'Referencias cruzadas (alternos del mercado de repuestos) de un número OEM',
    tags,
    query: crossReferencesQuerySchema,
    response: successSchema(crossReferenceListSchema),
    access: ['operator', 'adviser'],
    errors: [400, 401, 403],
  }),
  replace: defineRoute({
    method: 'PUT',
    path: PATH,
    summary: 'Reemplaza la lista de referencias cruzadas de un número OEM y la publica al marketplace (CrossReferencesPublished)',
    tags,
    body: replaceCrossReferencesBodySchema,
    response: successSchema(crossReferenceListSchema),
    access: ['operator'],
    errors: [400, 401, 403],
  }),
  republish: defineRoute({
    method: 'POST',
    path: `${PATH}/republish`,
    summary:
      'Vuelve a publicar las referencias cruzadas de todos los números OEM (trabajo en segundo plano; reconstruye la copia del marketplace)',
    tags,
    body: republishCrossReferencesBodySchema,
    response: successSchema(z.object({ jobId: z.string() })),
    status: 202,
    access: ['operator'],
    errors: [400, 401, 403],
  }),
  republishStatus: defineRoute({
    method: 'GET',
    path: `${PATH}/republish/:jobId`,
    summary: 'Avance de una republicación de referencias cruzadas',
    tags,
    params: republishJobParamsSchema,
    response: successSchema(republishStatusSchema),
    access: ['operator'],
    errors: [401, 403, 404],
  }),
};
