import { z } from 'zod';
import { t } from '../messages/index.js';
import { uuidParam } from './params.js';
import type { CompatibleVehicle } from './product.js';

/**
 * Product questions (spec 000 §3 "Vehicle question: question, product_reference, product_description,
 * product_id, vehicle (brand, model, year)"; §5 "Compatibility question needs a non-empty vehicle. Question
 * text: 'Is this product compatible with my vehicle {brand} - {model} - {year}?' with the year optional").
 */

export const QUESTION_STATES = ['pending', 'answered'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

/** The seller's answer: compatible, not compatible, or the VIN is needed to tell. */
export const QUESTION_ANSWERS = ['yes', 'no', 'need_vin'] as const;
export type QuestionAnswer = (typeof QUESTION_ANSWERS)[number];

/** The compatibility verdict shown with the question form: Sí / Probable / No / Necesito tu VIN. */
export const COMPATIBILITY_VERDICTS = ['yes', 'probable', 'no', 'need_vin'] as const;
export type CompatibilityVerdict = (typeof COMPATIBILITY_VERDICTS)[number];

/** The list's scopes: `mine` (the person's questions, the default), `store` (the seller's store's; operators: all), `pending`, `answered`. */
export const QUESTION_SCOPES = ['mine', 'store', 'pending', 'answered'] as const;

/** getters: `verdict` adds each question's compatibility verdict; `questionText` is always there. */
export const QUESTION_GETTERS = ['verdict'] as const;

/** relations: `product` adds the product's title, price and address. */
export const QUESTION_RELATIONS = ['product'] as const;

const vehicleRequired = () => t('compatibility.vehicleRequired');
const invalidYear = () => t('questions.invalidYear');

/** A VIN as people type it: 17 characters of letters and digits (I, O and Q never occur in a VIN). */
export const questionVinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-HJ-NPR-Z0-9]{17}$/, { error: t('questions.invalidVin') });

/** The vehicle of a question: brand and model required, year optional (spec 000 §5). */
export const questionVehicleSchema = z.object(
  {
    brand: z.string({ error: vehicleRequired }).trim().min(1, { error: vehicleRequired }).max(60),
    model: z.string({ error: vehicleRequired }).trim().min(1, { error: vehicleRequired }).max(120),
    year: z
      .preprocess(
        (y) => (y === '' || y === null ? undefined : y),
        z.coerce
          .number({ error: invalidYear })
          .int({ error: invalidYear })
          .min(1950, { error: invalidYear })
          .max(2100, { error: invalidYear })
          .optional(),
      )
      .transform((y) => y ?? null),
    vin: z.preprocess((v) => (v === '' || v === null ? undefined : v), questionVinSchema.optional()).transform((v) => v ?? null),
  },
  { error: vehicleRequired },
);
export type QuestionVehicle = z.infer<typeof questionVehicleSchema>;

/** POST /catalogo/productosQuestions (spec 000 §7). `question` may be sent; the stored text is always the spec's, built from the vehicle. */
export const askQuestionSchema = z.object({
  question: z.string().trim().max(500).optional(),
  product_reference: z.string().trim().max(60).optional(),
  product_description: z.string().trim().max(500).optional(),
  product_id: z.uuid({ error: t('marketplace.invalidId') }),
  vehicle: questionVehicleSchema,
  /** A note of the person to the seller (ours). */
  comment: z.string().trim().max(500).optional(),
});
export type AskQuestionInput = z.infer<typeof askQuestionSchema>;

/**
 * PATCH /catalogo/productosQuestions/{id}: the seller's answer (`answer`, `response`), or the asker's
 * follow-up (`follow_up`, optionally the VIN the seller asked for). Who calls decides which it is.
 */
export const questionPatchSchema = z
  .object({
    answer: z.enum(QUESTION_ANSWERS, { error: t('questions.answerRequired') }).optional(),
    response: z.string().trim().max(1000).optional(),
    follow_up: z.string().trim().max(1000).optional(),
    vin: z
      .union([z.literal(''), questionVinSchema])
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((b) => b.answer !== undefined || (b.follow_up !== undefined && b.follow_up !== '') || b.vin !== undefined, {
    error: t('questions.patchEmpty'),
  });
export type QuestionPatch = z.infer<typeof questionPatchSchema>;

export const questionFilterSchema = z.strictObject({
  product_id: uuidParam.optional(),
  storeId: uuidParam.optional(),
  state: z.enum(QUESTION_STATES).optional(),
  q: z.string().trim().max(100).optional(),
});
export type QuestionFilter = z.infer<typeof questionFilterSchema>;

export const verdictSchema = z.object({
  verdict: z.enum(COMPATIBILITY_VERDICTS),
  /** 'Sí', 'Probable', 'No', 'Necesito tu VIN'. */
  label: z.string(),
  /** What the verdict rests on, in Spanish, each naming its source. */
  evidence: z.array(
    z.object({ source: z.enum(['seller_answer', 'catalogue', 'ai', 'cross_reference', 'brand', 'none']), text: z.string() }),
  ),
});
export type VerdictView = z.infer<typeof verdictSchema>;

export const questionViewSchema = z.object({
  id: z.string(),
  /** The spec's text ('Is this product compatible with my vehicle …?'). */
  question: z.string(),
  /** The same question in Spanish, as people read it. */
  questionText: z.string(),
  comment: z.string().nullable(),
  product_id: z.string(),
  product_reference: z.string(),
  product_description: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  vehicle: z.object({ brand: z.string(), model: z.string(), year: z.number().int().nullable(), vin: z.string().nullable() }),
  state: z.enum(QUESTION_STATES),
  answer: z.enum(QUESTION_ANSWERS).nullable(),
  answerText: z.string().nullable(),
  response: z.string().nullable(),
  answeredAt: z.string().nullable(),
  follow_up: z.string().nullable(),
  followUpAt: z.string().nullable(),
  askerName: z.string().nullable(),
  createdAt: z.string(),
  mine: z.boolean(),
  verdict: verdictSchema.optional(),
  product: z.object({ title: z.string(), productUrl: z.string().nullable(), manufacturer_title: z.string() }).optional(),
});
export type QuestionView = z.infer<typeof questionViewSchema>;

/** The spec's question text (English, stored) from the vehicle; the year is optional. */
export function compatibilityQuestion(vehicle: { brand: string; model: string; year?: number | null }): string {
  const parts = [vehicle.brand, vehicle.model, ...(vehicle.year ? [String(vehicle.year)] : [])];
  return `Is this product compatible with my vehicle ${parts.join(' - ')}?`;
}

/** The same question in Spanish, as people read it. */
export function compatibilityQuestionText(vehicle: { brand: string; model: string; year?: number | null }): string {
  return vehicle.year
    ? t('compatibility.question', { brand: vehicle.brand, model: vehicle.model, year: vehicle.year })
    : t('compatibility.questionWithoutYear', { brand: vehicle.brand, model: vehicle.model });
}

export function answerText(answer: QuestionAnswer): string {
  return t(`questions.answers.${answer === 'need_vin' ? 'needVin' : answer}`);
}

export function verdictLabel(verdict: CompatibilityVerdict): string {
  return t(`questions.verdicts.${verdict === 'need_vin' ? 'needVin' : verdict}`);
}

/** The key two questions about one vehicle share (brand, model and year, any case, spaces collapsed). */
export function vehicleKey(vehicle: { brand: string; model: string; year?: number | null }): string {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  return `${norm(vehicle.brand)}|${norm(vehicle.model)}|${vehicle.year ?? ''}`;
}

/** A product's compatible vehicles with the asked vehicle added (a seller's "sí, es compatible"); unchanged when already listed. */
export function withCompatibleVehicle(
  list: readonly CompatibleVehicle[],
  vehicle: { brand: string; model: string; year?: number | null },
): CompatibleVehicle[] {
  const norm = (s: string) => s.trim().toLowerCase();
  const out = list.map((v) => ({ ...v, full_models: [...v.full_models], years: [...v.years], engines: [...v.engines] }));
  let entry = out.find((v) => norm(v.make) === norm(vehicle.brand));
  if (!entry) {
    entry = { make: vehicle.brand.trim(), full_models: [], years: [], engines: [] };
    out.push(entry);
  }
  if (!entry.full_models.some((m) => norm(m) === norm(vehicle.model))) entry.full_models.push(vehicle.model.trim());
  if (vehicle.year && !entry.years.includes(vehicle.year)) entry.years.push(vehicle.year);
  entry.years.sort((a, b) => a - b);
  return out;
}
