import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { adminReportFilterSchema, catalogAdminRoutes, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, CurrentVisitor, Input, MethodNotAllowedError, parseInput, type Visitor } from '@tuerca/platform';
import { GetErrorReport, ListErrorReports } from './error-reports.queries.js';
import { ResolveErrorReport } from './resolve-error-report.command.js';

const reports = catalogAdminRoutes.errorReports;

/** /admin-api/catalog-error-reports: what people reported as wrong in substitutions; operators mark them resolved. */
@Controller()
export class AdminErrorReportsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(reports.list)
  async list(@Input() { query }: RouteInput<typeof reports.list>) {
    const filter = parseInput(adminReportFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListErrorReports(query, filter));
    return new AdminRange('catalog-error-reports', rows, offset, total);
  }

  @Bind(reports.one)
  one(@Input() { params }: RouteInput<typeof reports.one>) {
    return this.queries.execute(new GetErrorReport(params.id));
  }

  @Bind(reports.update)
  update(@Input() { params, body }: RouteInput<typeof reports.update>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new ResolveErrorReport(params.id, body.resolved, visitor.user!.id));
  }

  /** Reports come from people (reportSubstitutionError), never from the console. */
  @Bind(reports.create)
  create(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(reports.remove)
  remove(): never {
    throw new MethodNotAllowedError();
  }
}
