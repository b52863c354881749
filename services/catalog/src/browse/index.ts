import type { Provider } from '@nestjs/common';
import { ReportSubstitutionErrorHandler } from '../error-reports/report-substitution-error.command.js';
import { BrowseController } from './browse.controller.js';
import { BrowseReader } from './browse.reader.js';
import { FindPartInVehicleHandler } from './find-part-in-vehicle.query.js';
import { GetCatalogHandler } from './get-catalog.query.js';
import { GetGroupsHandler } from './get-groups.query.js';
import { GetQuickGroupsHandler } from './get-quick-groups.query.js';
import { GetUnitPartsHandler } from './get-unit-parts.query.js';
import { ListCatalogVehiclesHandler } from './list-catalog-vehicles.query.js';
import { ListCatalogsHandler } from './list-catalogs.query.js';
import { ListModelsHandler } from './list-models.query.js';
import { ListQuickDetailHandler } from './list-quick-detail.query.js';

// browse: controllers and providers, spread into CatalogModule (routes: contracts' catalogBrowseRoutes).
// One query handler per use case; the steps they share are vehicle-page.ts (I/O) and browse.rules.ts (pure).
export const BROWSE_CONTROLLERS: (new (...args: never[]) => unknown)[] = [BrowseController];
export const BROWSE_PROVIDERS: Provider[] = [
  BrowseReader,
  ListCatalogsHandler,
  GetCatalogHandler,
  ListModelsHandler,
  ListCatalogVehiclesHandler,
  GetGroupsHandler,
  GetQuickGroupsHandler,
  ListQuickDetailHandler,
  GetUnitPartsHandler,
  FindPartInVehicleHandler,
  ReportSubstitutionErrorHandler,
];
