import { z } from 'zod';
import { requiredField } from '../http/zod-es.js';
import { isWebAddress } from '../http/web-url.js';
import { t } from '../messages/format.js';

/** spec 000 §9: the 27 catalogue languages; es_ES is the default. */
export const CATALOG_LANGUAGES = [
  'es_ES',
  'en_US',
  'fr_FR',
  'ru_RU',
  'de_DE',
  'el_GR',
  'it_IT',
  'nl_NL',
  'pl_PL',
  'pt_PT',
  'sv_SE',
  'tr_TR',
  'zh_CN',
  'da_DK',
  'no_NO',
  'et_EE',
  'fi_FI',
  'hu_HU',
  'cs_CZ',
  'ro_RO',
  'hr_HR',
  'bg_BG',
  'sk_SK',
  'lt_LT',
  'lv_LV',
  'sl_SI',
  'uk_UA',
] as const;
export const catalogLanguageSchema = z.enum(CATALOG_LANGUAGES).default('es_ES');
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

/** Catalogue features that change what the consoles offer (DESIGN §7). */
export const CATALOG_FEATURES = ['vinsearch', 'framesearch', 'wizardsearch2', 'quickgroups', 'detailapplicability'] as const;

const nameValue = z.object({ name: z.string(), value: z.string() });

/** spec 001 §3 "Version 2 catalogue". */
export const catalogSchema = z.object({
  code: z.string(),
  brand: z.string(),
  name: z.string(),
  features: z.array(z.object({ name: z.string() })),
});

export const modelsResultSchema = z.object({
  catalog: z.string(),
  models: z.array(z.object({ name: z.string(), options: z.array(z.object({ key: z.string(), value: z.string() })) })),
});

export const catalogVehicleSchema = z.object({
  brand: z.string(),
  name: z.string(),
  vehicleId: z.string(),
  ssd: z.string(),
  vehicleVIN: z.string().nullable(),
  catalog: z.string().optional(),
  attributes: z.array(nameValue),
});

export const vehicleFilterSchema = z.object({
  name: z.string(),
  value: z.string().nullable(),
  key: z.string(),
  options: z.array(z.object({ key: z.string(), value: z.string() })),
  /** A chip set by the search itself (e.g. from the VIN): the console cannot remove it. */
  automatic: z.boolean(),
  ssd: z.string(),
});

export const vehiclesResultSchema = z.object({
  catalog: z.string(),
  vehicles: z.array(catalogVehicleSchema),
  filters: z.array(vehicleFilterSchema),
});

export interface QuickGroup {
  quickGroupId: string;
  name: string;
  childGroups: QuickGroup[];
}
export const quickGroupSchema: z.ZodType<QuickGroup> = z.lazy(() =>
  z.object({ quickGroupId: z.string(), name: z.string(), childGroups: z.array(quickGroupSchema) }),
);

export const unitSchema = z.object({
  unitId: z.string(),
  name: z.string(),
  code: z.string(),
  imageUrl: z.string(),
  largeImageUrl: z.string().optional(),
  ssd: z.string(),
});

export interface Category {
  categoryId: string;
  name: string;
  ssd: string;
  childrens: Category[];
}
export const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({ categoryId: z.string(), name: z.string(), ssd: z.string(), childrens: z.array(categorySchema) }),
);

/** An image-map box: `code` joins it to a part's `codeOnImage` (DESIGN §7). */
export const imageMapEntrySchema = z.object({ code: z.string(), x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() });

export const unitPartSchema = z.object({
  codeOnImage: z.string(),
  oem: z.string().nullable(),
  name: z.string(),
  /** The part fits this exact vehicle (VIN). */
  match: z.boolean(),
  /** 'amount' is the quantity in the vehicle. */
  attributes: z.array(nameValue),
});

export const unitPartsResultSchema = z.object({
  unitInfo: z.object({ name: z.string(), largeImageUrl: z.string() }),
  imageMap: z.array(imageMapEntrySchema),
  parts: z.array(unitPartSchema),
  vehicle: catalogVehicleSchema,
  catalog: catalogSchema,
});

export const vinLookupResultSchema = z.array(
  z.object({ name: z.string(), vehicleId: z.string(), vehicleVIN: z.string(), catalog: z.string(), ssd: z.string() }),
);

/** spec 001 §3 "Substitution group"; types and ways as the spec lists them. */
export const REPLACEMENT_TYPES = ['duplicate', 'replacement', 'part whole', 'tuning', 'synonym', 'code'] as const;
export const REPLACEMENT_WAYS = ['forward', 'backward', 'bidirectional'] as const;
export const substitutionGroupSchema = z.object({
  formattedOem: z.string(),
  manufacturer: z.string(),
  replacements: z.array(
    z.object({
      type: z.enum(REPLACEMENT_TYPES),
      way: z.enum(REPLACEMENT_WAYS),
      part: z.object({ manufacturer: z.string(), formattedOem: z.string(), name: z.string() }),
    }),
  ),
});

export const oemCatalogsResultSchema = z.object({
  oem: z.string(),
  name: z.string(),
  catalogs: z.array(z.object({ brand: z.string(), code: z.string() })),
});

/** spec 001 §5: the error report text is required, at most 1024 characters (each rule says what is wrong). */
export const reportSubstitutionErrorBodySchema = z.object({
  errorMessage: z
    .string(requiredField)
    .trim()
    .min(1, { error: t('validation.required') })
    .max(1024),
  reference: z.string().trim().max(100).optional().nullable(),
  /** The page the report is about: http(s) or a path of the site, never `javascript:` (issue 20 §9). */
  url: z
    .string()
    .trim()
    .max(2048)
    .refine(isWebAddress, { error: t('marketplace.invalidUrl') })
    .optional()
    .nullable(),
});

/** spec 001 §5: an OEM or part search within a vehicle needs at least 3 characters after trimming. */
export const oemOrNameSchema = z
  .string({ error: t('search.minLength') })
  .trim()
  .min(3, { error: t('search.minLength') })
  .max(100);
