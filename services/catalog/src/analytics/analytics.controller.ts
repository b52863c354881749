import { Controller, Get, Query } from '@nestjs/common';
import { Access, Page, ok, zod } from '@tuerca/platform';
import { AnalyticsReader } from './analytics.reader.js';
import { generalQuerySchema, searchesQuerySchema, type GeneralQuery, type SearchesQuery } from './analytics.routes.js';

/** Search analytics for operators and advisers (spec 001 §7: analitycsCatalogV2Search). */
@Controller('api/catalogo/analitycsCatalogV2Search')
@Access(['operator', 'adviser'])
export class AnalyticsController {
  constructor(private readonly reader: AnalyticsReader) {}

  @Get()
  async searches(@Query(zod(searchesQuerySchema)) query: SearchesQuery) {
    const { rows, total } = await this.reader.searches(query);
    return new Page(rows, total, query);
  }

  @Get('getAnalyticsCatalogSearchGeneral')
  async general(@Query(zod(generalQuerySchema)) query: GeneralQuery) {
    const { report, totals } = await this.reader.general(query);
    return ok(report, { page: query.page, perPage: query.perPage, order: query.order, totals });
  }
}
