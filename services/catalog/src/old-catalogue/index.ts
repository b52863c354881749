import type { Provider } from '@nestjs/common';
import {
  GetOldCarHandler,
  ListOldCarsHandler,
  ListOldCatalogsHandler,
  ListOldFiltersHandler,
  ListOldModelsHandler,
} from './browse-old-catalogue.query.js';
import { ExportOldExcelHandler } from './export-old-excel.query.js';
import { LookupOldVehicleHandler } from './lookup-old-vehicle.command.js';
import { OldCarAccess } from './old-car-access.js';
import { GetOldPartsHandler, ListOldGroupsHandler, ListOldSubGroupsHandler } from './old-car-groups.query.js';
import { OldCatalogueController } from './old-catalogue.controller.js';
import { OldCatalogueStore } from './old-catalogue.store.js';

// old-catalogue: the old generation's calls (routes: contracts' catalogOldRoutes), spread into CatalogModule.
export const OLD_CATALOGUE_CONTROLLERS: (new (...args: never[]) => unknown)[] = [OldCatalogueController];
export const OLD_CATALOGUE_PROVIDERS: Provider[] = [
  OldCatalogueStore,
  OldCarAccess,
  ListOldCatalogsHandler,
  ListOldModelsHandler,
  GetOldCarHandler,
  ListOldCarsHandler,
  ListOldFiltersHandler,
  ListOldGroupsHandler,
  ListOldSubGroupsHandler,
  GetOldPartsHandler,
  LookupOldVehicleHandler,
  ExportOldExcelHandler,
];
