import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';
import { LookupController } from './lookup.controller.js';
import { LookupReader } from './lookup.reader.js';
import { lookupRouteContracts } from './lookup.routes.js';
import { LookupService } from './lookup.service.js';
import { VpicDecoder } from './vpic.decoder.js';

// lookup: controllers, providers and route contracts, spread into CatalogModule.
export const LOOKUP_CONTROLLERS: (new (...args: never[]) => unknown)[] = [LookupController];
export const LOOKUP_PROVIDERS: Provider[] = [LookupReader, LookupService, VpicDecoder];
export const lookupRoutes: RouteContract[] = lookupRouteContracts;
