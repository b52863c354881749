import type { Provider } from '@nestjs/common';
import { ReportSubstitutionErrorHandler } from '../error-reports/report-substitution-error.command.js';
import { BrowseController } from './browse.controller.js';
import { BROWSE_QUERY_HANDLERS } from './browse.queries.js';
import { BrowseReader } from './browse.reader.js';
import { BrowseService } from './browse.service.js';

// browse: controllers and providers, spread into CatalogModule (routes: contracts' catalogBrowseRoutes).
export const BROWSE_CONTROLLERS: (new (...args: never[]) => unknown)[] = [BrowseController];
export const BROWSE_PROVIDERS: Provider[] = [BrowseReader, BrowseService, ...BROWSE_QUERY_HANDLERS, ReportSubstitutionErrorHandler];
