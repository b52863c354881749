import { z } from 'zod';
import { jsonObjectParam, listQuerySchema } from '../http/envelope.js';
import { requiredField } from '../http/zod-es.js';
import { t } from '../messages/format.js';

/**
 * PIES brand compatibilities (spec 000 §7 and 001 §7 "Brand compatibility (PIES)"): the Auto Care brand table
 * (brand name and its BrandAAIAID, a four-letter code) as reference data, and each store's mapping of its own
 * brand labels (the products' `manufacturer_title`) to it.
 */

/** Auto Care's BrandAAIAID: four capital letters. */
export const BRAND_AAIAID_PATTERN = /^[A-Z]{4}$/;

const text = (max: number) =>
  z
    .string(requiredField)
    .trim()
    .min(1, requiredField)
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: t('validation.nulCharacter') });

export const brandAaiaIdSchema = z
  .string(requiredField)
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => BRAND_AAIAID_PATTERN.test(v), { message: t('integrations.pies.invalidBrandCode') });

/** One brand of the Auto Care table. */
export const piesBrandSchema = z.object({
  brand_aaiaid: z.string(),
  brand_name: z.string(),
  brand_owner: z.string().nullable(),
  parent_company: z.string().nullable(),
});
export type PiesBrand = z.infer<typeof piesBrandSchema>;

/** spec: "GET /integrations/brandPIES with filter{brand_name}, scopes, getters". */
export const piesBrandFilterSchema = z.object({
  brand_name: z.string().trim().max(120).optional(),
  brand_aaiaid: z.string().trim().max(8).optional(),
});
export const piesBrandsQuerySchema = listQuerySchema.extend({ filter: jsonObjectParam.pipe(piesBrandFilterSchema) });

/** A store's brand label mapped to a PIES brand. */
export const brandCompatibilitySchema = z.object({
  id: z.uuid(),
  store_id: z.uuid(),
  product_brand: z.string(),
  brand_aaiaid: z.string(),
  brand_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BrandCompatibility = z.infer<typeof brandCompatibilitySchema>;

/** One brand label of a store's products with its mapping (null: not mapped yet). */
export const productBrandCompatibilitySchema = z.object({
  product_brand: z.string(),
  products: z.number().int(),
  compatibility: brandCompatibilitySchema.nullable(),
});
export type ProductBrandCompatibility = z.infer<typeof productBrandCompatibilitySchema>;

/** filter of productBrandsCompatibilities: the store (operators), text in the label, mapped or not. */
export const productBrandsFilterSchema = z.object({
  store_id: z.uuid().optional(),
  product_brand: z.string().trim().max(120).optional(),
  mapped: z.boolean().optional(),
});
export const productBrandsQuerySchema = listQuerySchema.extend({ filter: jsonObjectParam.pipe(productBrandsFilterSchema) });

/** POST /integrations/brandCompatibilitiesPIES (body). */
export const brandCompatibilityInputSchema = z.object({
  product_brand: text(120),
  brand_aaiaid: brandAaiaIdSchema,
  /** Operators name the store; a seller's own store is implied. */
  store_id: z.uuid().optional(),
});
export type BrandCompatibilityInput = z.infer<typeof brandCompatibilityInputSchema>;

/** spec: "GET .../updateOne with data (JSON)". */
export const brandCompatibilityUpdateSchema = z.object({
  id: z.uuid(),
  brand_aaiaid: brandAaiaIdSchema.optional(),
  product_brand: text(120).optional(),
});
export const updateOneQuerySchema = z.object({ data: jsonObjectParam.pipe(brandCompatibilityUpdateSchema) });

/** spec: "DELETE .../deleteOne with data (JSON)". */
export const deleteOneQuerySchema = z.object({ data: jsonObjectParam.pipe(z.object({ id: z.uuid() })) });

/** The operator's import of the Auto Care brand table (rows as read from its file). */
export const piesBrandImportSchema = z.object({
  brands: z
    .array(
      z.object({
        brand_aaiaid: brandAaiaIdSchema,
        brand_name: text(120),
        brand_owner: z.string().trim().max(120).nullish(),
        parent_company: z.string().trim().max(120).nullish(),
      }),
    )
    .min(1)
    .max(20_000),
});
export type PiesBrandImport = z.infer<typeof piesBrandImportSchema>;

/** The key a brand label is matched by: case, accents and spacing do not make two brands. */
export function brandLabelKey(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}
