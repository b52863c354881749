import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { adminListQuerySchema, type AdminListQuery } from '@tuerca/contracts';
import { Access, AdminRange, CurrentVisitor, MethodNotAllowedError, parseInput, zod, type Visitor } from '@tuerca/platform';
import { AdminCatalogReader } from './admin-catalog.reader.js';
import {
  ADMIN_READ,
  ADMIN_WRITE,
  adminReportFilterSchema,
  adminReportUpdateSchema,
  adminSearchFilterSchema,
  analyticsIdParamsSchema,
  reportIdParamsSchema,
} from './admin.routes.js';

type Id = { id: string };

/** /admin-api/catalog-error-reports: what people reported as wrong in substitutions; operators mark them resolved. */
@Controller('admin-api/catalog-error-reports')
@Access(ADMIN_READ)
export class AdminErrorReportsController {
  constructor(private readonly reader: AdminCatalogReader) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const { rows, total, start } = await this.reader.reports(parseInput(adminReportFilterSchema, query.filter), query);
    return new AdminRange('catalog-error-reports', rows, start, total);
  }

  @Get(':id')
  one(@Param(zod(reportIdParamsSchema)) p: Id) {
    return this.reader.report(p.id);
  }

  @Put(':id')
  @Access(ADMIN_WRITE)
  update(@Param(zod(reportIdParamsSchema)) p: Id, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const body = parseInput(adminReportUpdateSchema, raw ?? {});
    return this.reader.resolve(p.id, body.resolved, visitor.user!.id);
  }

  /** Reports come from people (reportSubstitutionError), never from the console. */
  @Post()
  @Access(ADMIN_WRITE)
  create() {
    throw new MethodNotAllowedError();
  }

  @Delete(':id')
  @Access(ADMIN_WRITE)
  remove(@Param(zod(reportIdParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }
}

/** /admin-api/search-analytics: rows of the search-analytics read model, and `summary` for the dashboard (read only). */
@Controller('admin-api/search-analytics')
@Access(ADMIN_READ)
export class AdminSearchAnalyticsController {
  constructor(private readonly reader: AdminCatalogReader) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const { rows, total, start } = await this.reader.searches(parseInput(adminSearchFilterSchema, query.filter), query);
    return new AdminRange('search-analytics', rows, start, total);
  }

  @Get(':id')
  one(@Param(zod(analyticsIdParamsSchema)) p: Id) {
    return p.id.startsWith('summary') ? this.reader.summary(p.id) : this.reader.search(p.id);
  }

  @Post()
  @Access(ADMIN_WRITE)
  create() {
    throw new MethodNotAllowedError();
  }

  @Put(':id')
  @Access(ADMIN_WRITE)
  update(@Param(zod(analyticsIdParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }

  @Delete(':id')
  @Access(ADMIN_WRITE)
  remove(@Param(zod(analyticsIdParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }
}
