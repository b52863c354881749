import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { parametersRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, actorOf, ok, type Visitor } from '@tuerca/platform';
import { GetAppParameters } from './get-app-parameters.query.js';
import { GetParameterHistory } from './get-parameter-history.query.js';
import { SetAppParameter } from './set-app-parameter.command.js';

/** App parameters: everyone reads them (the consoles need the thresholds); operators change them. */
@Controller()
export class AppParametersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(routes.all)
  async all() {
    const { values, descriptions, defaults } = await this.queries.execute(new GetAppParameters());
    return ok(values, { descriptions, defaults });
  }

  @Bind(routes.history)
  async history(@Input() { query }: RouteInput<typeof routes.history>) {
    return ok(await this.queries.execute(new GetParameterHistory(query.name, query.limit)));
  }

  @Bind(routes.set)
  async set(@Input() { params, body }: RouteInput<typeof routes.set>, @CurrentVisitor() visitor: Visitor) {
    const value = await this.commands.execute(new SetAppParameter(params.name, body.value, actorOf(visitor)));
    return ok({ name: params.name, value });
  }
}
