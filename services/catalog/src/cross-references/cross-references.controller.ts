import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { crossReferencesRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, actorOf, ok, type Visitor } from '@tuerca/platform';
import { GetCrossReferences } from './get-cross-references.query.js';
import { ReplaceOemCrossReferences } from './replace-oem-cross-references.command.js';
import { GetRepublishStatus, StartRepublish } from './republish.command.js';

/** Cross-references of OEM numbers: operators (and advisers, to read) keep them; every change reaches the marketplace as an event. */
@Controller()
export class CrossReferencesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.get)
  async get(@Input() { query }: RouteInput<typeof routes.get>) {
    return ok(await this.queries.execute(new GetCrossReferences(query.oem)));
  }

  @Bind(routes.replace)
  async replace(@Input() { body }: RouteInput<typeof routes.replace>, @CurrentVisitor() visitor: Visitor) {
    const list = await this.commands.execute(new ReplaceOemCrossReferences(body, actorOf(visitor)));
    return ok(list, { message: t('crossReferences.saved', { oem: list.oem, count: list.references.length }) });
  }

  @Bind(routes.republish)
  async republish(@Input() { body }: RouteInput<typeof routes.republish>, @CurrentVisitor() visitor: Visitor) {
    const jobId = await this.commands.execute(new StartRepublish(body.batchSize, actorOf(visitor)));
    return ok({ jobId }, { message: t('crossReferences.republishQueued') });
  }

  @Bind(routes.republishStatus)
  async republishStatus(@Input() { params }: RouteInput<typeof routes.republishStatus>) {
    return ok(await this.queries.execute(new GetRepublishStatus(params.jobId)));
  }
}
