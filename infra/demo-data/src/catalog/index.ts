export * from './types.js';
export { normalizeReference, oemNumber, aftermarketNumber, OEM_FORMATS } from './numbers.js';
export { explodedDiagram, DIAGRAM_WIDTH, DIAGRAM_HEIGHT } from './svg.js';
export { PART_TYPES, UNIT_TEMPLATES, TOP_CATEGORIES, QUICK_GROUPS } from './reference.js';
export {
  catalogs,
  catalogCode,
  catalogPlatforms,
  catalogVehicles,
  catalogCategories,
  catalogQuickGroups,
  catalogUnits,
  catalogParts,
  crossReferences,
  catalogCounts,
  batched,
  generateCatalog,
  JAPANESE_MARKET_MAKES,
  FRAME_NUMBER_FORMAT,
  type GeneratedCatalog,
  type UnitOptions,
} from './generate.js';
