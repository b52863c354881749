import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { meteringRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, Input, ok, InternalOnlyGuard } from '@tuerca/platform';
import { AuthorizeLookup } from './authorize-lookup.query.js';
import { ConsumeConsultation } from './consume-consultation.command.js';
import { GetMeterStatus } from './get-meter-status.query.js';
import { RefundConsultation } from './refund-consultation.command.js';

/** Service-to-service metering for contexts running in other processes. */
@Controller()
@UseGuards(InternalOnlyGuard)
export class InternalMeteringController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(routes.status)
  async status(@Input() { body }: RouteInput<typeof routes.status>) {
    return ok(await this.queries.execute(new GetMeterStatus(body)));
  }

  @Bind(routes.authorize)
  async authorize(@Input() { body }: RouteInput<typeof routes.authorize>) {
    return ok(await this.queries.execute(new AuthorizeLookup(body)));
  }

  @Bind(routes.consume)
  async consume(@Input() { body }: RouteInput<typeof routes.consume>) {
    return ok(await this.commands.execute(new ConsumeConsultation(body)));
  }

  @Bind(routes.refund)
  async refund(@Input() { body }: RouteInput<typeof routes.refund>) {
    return ok(await this.commands.execute(new RefundConsultation(body)));
  }
}
