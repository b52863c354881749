import type { Provider } from '@nestjs/common';
import { BrowseController } from './browse.controller.js';
import { BrowseReader } from './browse.reader.js';
import { BrowseService } from './browse.service.js';

// browse: controllers and providers, spread into CatalogModule (routes: contracts' catalogBrowseRoutes).
export const BROWSE_CONTROLLERS: (new (...args: never[]) => unknown)[] = [BrowseController];
export const BROWSE_PROVIDERS: Provider[] = [BrowseReader, BrowseService];
