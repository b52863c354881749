import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';
import { CrossReferencesController } from './cross-references.controller.js';
import { crossReferencesRouteContracts } from './cross-references.routes.js';
import { CrossReferencesService } from './cross-references.service.js';
import { CrossReferencesRepublisher } from './republish.js';

// cross-references: controllers, providers and route contracts, spread into CatalogModule.
export const CROSS_REFERENCES_CONTROLLERS: (new (...args: never[]) => unknown)[] = [CrossReferencesController];
export const CROSS_REFERENCES_PROVIDERS: Provider[] = [CrossReferencesService, CrossReferencesRepublisher];
export const crossReferencesRoutes: RouteContract[] = crossReferencesRouteContracts;
export { republishCrossReferences, RepublishCrossReferencesJob, type RepublishOptions } from './republish.js';
