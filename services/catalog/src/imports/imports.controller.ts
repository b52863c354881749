import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { catalogImportsRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, Page, actorOf, ok, type Visitor } from '@tuerca/platform';
import { ImportAces } from './import-aces.command.js';
import { ImportPies } from './import-pies.command.js';
import { ListCatalogImports } from './list-imports.query.js';

/** Auto Care ACES and PIES imports (operators only). */
@Controller()
export class CatalogImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.aces)
  async aces(@Input() { body }: RouteInput<typeof routes.aces>, @CurrentVisitor() visitor: Visitor) {
    const result = await this.commands.execute(new ImportAces(body, actorOf(visitor).id));
    return ok(result, { message: t('catalogImports.imported', { count: result.recordCount }) });
  }

  @Bind(routes.pies)
  async pies(@Input() { body }: RouteInput<typeof routes.pies>, @CurrentVisitor() visitor: Visitor) {
    const result = await this.commands.execute(new ImportPies(body, actorOf(visitor).id));
    return ok(result, { message: t('catalogImports.imported', { count: result.recordCount }) });
  }

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>) {
    const { rows, total } = await this.queries.execute(new ListCatalogImports(query));
    return new Page(rows, total, query);
  }
}
