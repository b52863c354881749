import type { Provider } from '@nestjs/common';
import type { RouteContract } from '@tuerca/contracts';
import { BrowseController } from './browse.controller.js';
import { BrowseReader } from './browse.reader.js';
import { browseRoutes as routes } from './browse.routes.js';
import { BrowseService } from './browse.service.js';

// browse: controllers, providers and route contracts, spread into CatalogModule.
export const BROWSE_CONTROLLERS: (new (...args: never[]) => unknown)[] = [BrowseController];
export const BROWSE_PROVIDERS: Provider[] = [BrowseReader, BrowseService];
export const browseRoutes: RouteContract[] = routes;
