export * from './types.js';
export { normalizeReference, oemNumber, aftermarketNumber, OEM_FORMATS } from './numbers.js';
export { DIAGRAM_WIDTH, DIAGRAM_HEIGHT } from './svg.js';
export { PART_TYPES, PART_TYPE_BY_KEY, UNIT_TEMPLATES, TOP_CATEGORIES, QUICK_GROUPS } from './reference.js';
export { DESIGNS, designFor, type Design } from './designs.js';
export { NumberBook } from './number-book.js';
export { NAME_TRANSLATIONS, TRANSLATED_LANGUAGES, nameTranslations } from './translations.js';
export {
  catalogCode,
  catalogPlatformRefs,
  catalogPlatforms,
  catalogVehicleId,
  catalogVehicleKey,
  generationOf,
  generations,
  marketsOf,
  engineFamily,
  type Market,
  type PlatformRef,
} from './platforms.js';
export {
  catalogs,
  catalogVehicles,
  catalogCategories,
  catalogQuickGroups,
  catalogUnits,
  catalogParts,
  crossReferences,
  catalogPass,
  SHOWCASE_NUMBERS,
  catalogCounts,
  batched,
  generateCatalog,
  JAPANESE_MARKET_MAKES,
  FRAME_NUMBER_FORMAT,
  type GeneratedCatalog,
  type PlatformRows,
  type UnitOptions,
} from './generate.js';
