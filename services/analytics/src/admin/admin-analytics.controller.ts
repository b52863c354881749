import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { adminSearchFilterSchema, analyticsAdminRoutes, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, Input, MethodNotAllowedError, parseInput } from '@tuerca/platform';
import { GetAnalyticsSummary, GetSearchAnalytic, ListSearchAnalytics } from './search-analytics.queries.js';

const analytics = analyticsAdminRoutes.searchAnalytics;

/** /admin-api/search-analytics: rows of the searches read model, and `summary` for the dashboard (read only). */
@Controller()
export class AdminSearchAnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(analytics.list)
  async list(@Input() { query }: RouteInput<typeof analytics.list>) {
    const filter = parseInput(adminSearchFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListSearchAnalytics(query, filter));
    return new AdminRange('search-analytics', rows, offset, total);
  }

  @Bind(analytics.one)
  one(@Input() { params }: RouteInput<typeof analytics.one>) {
    return params.id.startsWith('summary')
      ? this.queries.execute(new GetAnalyticsSummary(params.id))
      : this.queries.execute(new GetSearchAnalytic(params.id));
  }

  /** The read model comes from events only: the console never writes it. */
  @Bind(analytics.create)
  create(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(analytics.update)
  update(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(analytics.remove)
  remove(): never {
    throw new MethodNotAllowedError();
  }
}
