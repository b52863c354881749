import { Module } from '@nestjs/common';
import { ContextDatabaseModule } from '@tuerca/platform';
import { analyticsDatabase } from './analytics.database.js';
import { SearchEventsConsumer } from './searches/search-events.consumer.js';
import { RecordSearchHandler } from './searches/record-search.command.js';
import { AnalyticsController } from './reports/analytics.controller.js';
import { ListSearchesHandler } from './reports/list-searches.query.js';
import { GetSearchReportHandler } from './reports/search-report.query.js';
import { AdminSearchAnalyticsController } from './admin/admin-analytics.controller.js';
import { GetAnalyticsSummaryHandler, GetSearchAnalyticHandler, ListSearchAnalyticsHandler } from './admin/search-analytics.queries.js';

/** Analytics: read models for analysts fed by every context's search events (DESIGN §1). */
@Module({
  imports: [ContextDatabaseModule.forContext(analyticsDatabase)],
  controllers: [AnalyticsController, AdminSearchAnalyticsController],
  providers: [
    SearchEventsConsumer,
    RecordSearchHandler,
    ListSearchesHandler,
    GetSearchReportHandler,
    ListSearchAnalyticsHandler,
    GetSearchAnalyticHandler,
    GetAnalyticsSummaryHandler,
  ],
})
export class AnalyticsModule {}
