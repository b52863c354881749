import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { analyticsRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, Input, Page, ok } from '@tuerca/platform';
import { ListSearches } from './list-searches.query.js';
import { GetSearchReport } from './search-report.query.js';

/** Search analytics for operators and advisers (spec 001 §7: analitycsCatalogV2Search). */
@Controller()
export class AnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(routes.searches)
  async searches(@Input() { query }: RouteInput<typeof routes.searches>) {
    const { rows, total } = await this.queries.execute(new ListSearches(query));
    return new Page(rows, total, query);
  }

  @Bind(routes.general)
  async general(@Input() { query }: RouteInput<typeof routes.general>) {
    const { report, totals } = await this.queries.execute(new GetSearchReport(query));
    return ok(report, { page: query.page, perPage: query.perPage, order: query.order, totals });
  }
}
