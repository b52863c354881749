import type { Provider } from '@nestjs/common';
import { CrossReferencesController } from './cross-references.controller.js';
import { GetCrossReferencesHandler } from './get-cross-references.query.js';
import { ReplaceOemCrossReferencesHandler } from './replace-oem-cross-references.command.js';
import { GetRepublishStatusHandler, StartRepublishHandler } from './republish.command.js';
import { CrossReferencesRepublisher } from './republish.js';

// cross-references: controllers and providers, spread into CatalogModule (routes in contracts: crossReferencesRoutes).
export const CROSS_REFERENCES_CONTROLLERS: (new (...args: never[]) => unknown)[] = [CrossReferencesController];
export const CROSS_REFERENCES_PROVIDERS: Provider[] = [
  GetCrossReferencesHandler,
  ReplaceOemCrossReferencesHandler,
  StartRepublishHandler,
  GetRepublishStatusHandler,
  CrossReferencesRepublisher,
];
export { republishCrossReferences, RepublishCrossReferencesJob, type RepublishOptions } from './republish.js';
