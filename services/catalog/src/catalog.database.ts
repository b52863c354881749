import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { Catalog } from './catalogue/catalog.entity.js';
import { CatalogVehicle } from './catalogue/catalog-vehicle.entity.js';
import { VehicleFrame, VehicleVin } from './catalogue/vehicle-vin.entity.js';
import { Category, QuickGroup } from './catalogue/category.entity.js';
import { Part, Unit } from './catalogue/unit.entity.js';
import { NameTranslation } from './catalogue/name-translation.entity.js';
import { CrossReference } from './cross-references/cross-reference.entity.js';
import { ErrorReport } from './error-reports/error-report.entity.js';
import { AcesApplication, CatalogImport, PiesItem } from './imports/catalog-import.entity.js';
import { Migration001Catalog } from './migrations/Migration001Catalog.js';
import { Migration002Analytics } from './migrations/Migration002Analytics.js';
import { Migration003Imports } from './migrations/Migration003Imports.js';
import { Migration004AdminConsole } from './migrations/Migration004AdminConsole.js';
import { Migration005AcesSources } from './migrations/Migration005AcesSources.js';
import { Migration006NameTranslations } from './migrations/Migration006NameTranslations.js';
import { Migration007BrandMappings } from './migrations/Migration007BrandMappings.js';
import { BrandMapping } from './brand-mappings/brand-mapping.entity.js';
import { Migration008AnalyticsMoved } from './migrations/Migration008AnalyticsMoved.js';
import { Migration009VehicleChanges } from './migrations/Migration009VehicleChanges.js';
import { Migration010LookupChanges } from './migrations/Migration010LookupChanges.js';

const entities = [
  Catalog,
  CatalogVehicle,
  VehicleVin,
  VehicleFrame,
  Category,
  QuickGroup,
  Unit,
  Part,
  NameTranslation,
  CrossReference,
  ErrorReport,
  CatalogImport,
  AcesApplication,
  PiesItem,
  BrandMapping,
] as const;

export const catalogDatabase = {
  schema: 'catalog',
  entities,
  migrations: [
    Migration001Catalog,
    Migration002Analytics,
    Migration003Imports,
    Migration004AdminConsole,
    Migration005AcesSources,
    Migration006NameTranslations,
    Migration007BrandMappings,
    Migration008AnalyticsMoved,
    Migration009VehicleChanges,
    Migration010LookupChanges,
  ],
} satisfies ContextDatabaseOptions;

/** The catalogue schema as typed Kysely sees it (tables by entity name, columns by property). */
export type CatalogDB = KyselyDB<typeof entities>;
