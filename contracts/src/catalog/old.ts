import { z } from 'zod';
import '../http/zod-es.js';
import { catalogLanguageSchema } from './v2.js';
import { t } from '../messages/format.js';

/**
 * The old-generation catalogue (spec 001 §2 "Old catalogue routes", §3 "Old catalogue", §7 "Old catalogue"):
 * cars, criteria, groups, subgroups and positions, read from the same catalogue data as version 2.
 */

/** spec 001 §9: catalogue cars come 25 a page; when the total exceeds 25 the console loads the filters. */
export const OLD_CARS_PAGE_SIZE = 25;
/** spec 001 §9 "Car cache validity 8 days" (the console keeps car details locally this long). */
export const OLD_CAR_CACHE_DAYS = 8;

const id = z.string().trim().min(1).max(128);
/** The opaque criteria a VIN search hands out with its car (sealed: the VIN travels inside, unreadable). */
const criteria = z.string().trim().min(1).max(4096);

/**
 * The chosen filters of a model, as the route carries them after `m={name}&modelId={id}`: `{filterKey}={idx}`
 * pairs joined by '&' (e.g. `anio=1&motor=0`). Sent to `cars` and `filters` as `parameter`.
 */
export const oldParameterSchema = z
  .string()
  .trim()
  .max(1000)
  .regex(/^([a-z0-9_-]{1,40}=\d{1,4}(&[a-z0-9_-]{1,40}=\d{1,4})*)?$/, { error: 'Valor inválido' })
  .optional()
  .default('');

export const oldLanguageQuerySchema = z.object({ language: catalogLanguageSchema });
export const oldCatalogQuerySchema = oldLanguageQuerySchema.extend({ catalogId: id });
export const oldCarQuerySchema = oldCatalogQuerySchema.extend({ carId: id });
export const oldCarsQuerySchema = oldCatalogQuerySchema.extend({
  modelId: id,
  parameter: oldParameterSchema,
  /** spec 001 §9: zero-based, page 0 by default. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const oldFiltersQuerySchema = oldCatalogQuerySchema.extend({ modelId: id, parameter: oldParameterSchema });
export const oldGroupsQuerySchema = oldCarQuerySchema.extend({ criteria: criteria.optional() });
export const oldSubGroupsQuerySchema = oldGroupsQuerySchema.extend({
  /** One group id, or several joined by ',' (the batch). */
  groupId: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))].filter(Boolean)),
  /** The page's names and ids (c, catalogId, m, modelId, carId, g, groupId): accepted, not used by the answer. */
  catalogParams: z.string().trim().max(2048).optional(),
});
export const oldPartsQuerySchema = oldGroupsQuerySchema
  .extend({ groupId: id.optional(), subGroupId: id.optional() })
  .refine((q) => Boolean(q.groupId || q.subGroupId), { error: t('validation.required'), path: ['subGroupId'] });
export const oldVinQuerySchema = z.object({
  vinOrFrame: z.string().trim().max(200).optional().default(''),
  language: catalogLanguageSchema,
});
export const oldExportQuerySchema = oldGroupsQuerySchema.extend({
  groupId: id,
  groupName: z.string().trim().max(200).optional(),
  /** spec 001 §7: the console always sends isDetail=true (the parts, not only the groups). */
  isDetail: z.enum(['true', 'false']).optional().default('true'),
});

export type OldCatalogQuery = z.infer<typeof oldCatalogQuerySchema>;
export type OldCarQuery = z.infer<typeof oldCarQuerySchema>;
export type OldCarsQuery = z.infer<typeof oldCarsQuerySchema>;
export type OldFiltersQuery = z.infer<typeof oldFiltersQuerySchema>;
export type OldGroupsQuery = z.infer<typeof oldGroupsQuerySchema>;
export type OldSubGroupsQuery = z.infer<typeof oldSubGroupsQuerySchema>;
export type OldPartsQuery = z.infer<typeof oldPartsQuerySchema>;
export type OldVinQuery = z.infer<typeof oldVinQuerySchema>;
export type OldExportQuery = z.infer<typeof oldExportQuerySchema>;

const nameValue = z.object({ name: z.string(), value: z.string() });

export const oldCatalogSchema = z.object({ catalogId: z.string(), name: z.string(), brand: z.string(), code: z.string() });
/** spec 001 §3 "Model: name, img". */
export const oldModelSchema = z.object({ modelId: z.string(), name: z.string(), img: z.string().nullable(), cars: z.number().int() });
/** spec 001 §3 "Car: brand, name, description, parameters[]{name, value}". */
export const oldCarSchema = z.object({
  carId: z.string(),
  catalogId: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  brand: z.string(),
  name: z.string(),
  description: z.string(),
  parameters: z.array(nameValue),
});
/** spec 001 §3 "Filter: key, name, values[]{idx, value}". */
export const oldFilterSchema = z.object({
  key: z.string(),
  name: z.string(),
  values: z.array(z.object({ idx: z.number().int(), value: z.string() })),
  /** The idx chosen in `parameter`, if any. */
  selected: z.number().int().nullable(),
});
/** spec 001 §3 "Group: id, name". */
export const oldGroupSchema = z.object({ id: z.string(), name: z.string() });
/** spec 001 §3 "Subgroup: name, img". */
export const oldSubGroupSchema = z.object({ id: z.string(), name: z.string(), code: z.string(), img: z.string() });
export const oldSubGroupsBatchSchema = z.array(z.object({ groupId: z.string(), name: z.string(), subGroups: z.array(oldSubGroupSchema) }));

/** spec 001 §3 "parts (positionNumber, number, name, description)"; `number` is null past the showing threshold. */
export const oldPartSchema = z.object({
  positionNumber: z.string(),
  number: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  amount: z.number().int(),
});
/** spec 001 §3 "positions (number; x, y, width, height; parts; repeat flag)" in the image's own pixels. */
export const oldPositionSchema = z.object({
  number: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  parts: z.array(z.object({ number: z.string().nullable(), name: z.string() })),
  /** The same number is drawn again elsewhere on the image (an earlier box already carries it). */
  repeat: z.boolean(),
});
export const oldPartsDataSchema = z.object({
  partGroups: z.array(z.object({ subGroupId: z.string(), name: z.string(), description: z.string(), parts: z.array(oldPartSchema) })),
  positions: z.array(oldPositionSchema),
  /** The diagram of the subgroup (null when the answer covers a whole group of several diagrams). */
  img: z.string().nullable(),
});
/** spec 001 §3 "Vehicle search result: brand, catalogId, modelName, modelId, carId, criteria". */
export const oldVinResultSchema = z.array(
  z.object({
    brand: z.string(),
    catalogId: z.string(),
    modelName: z.string(),
    modelId: z.string(),
    carId: z.string(),
    criteria: z.string(),
    name: z.string(),
    exact: z.boolean(),
  }),
);

/** The quota counters of a metered old-catalogue call (the same consultations as version 2). */
export const oldQuotaMetadataSchema = z
  .object({
    searchesPerformed: z.number().int(),
    consultationsAvailable: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }),
    generalInquiriesAvailable: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }),
    loginPrompt: z.string(),
    canShowPartNumbers: z.boolean(),
  })
  .loose();

export type OldCar = z.infer<typeof oldCarSchema>;
export type OldFilter = z.infer<typeof oldFilterSchema>;
export type OldPartsData = z.infer<typeof oldPartsDataSchema>;
export type OldPosition = z.infer<typeof oldPositionSchema>;
export type OldVinResult = z.infer<typeof oldVinResultSchema>;
