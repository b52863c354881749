import { Controller, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { internalSessionRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, Input, ok, InternalOnlyGuard } from '@tuerca/platform';
import { ResolveSession } from './resolve-session.query.js';

/** Service to service: other processes resolve a session cookie here (the platform's HttpSessionResolver). */
@Controller()
@UseGuards(InternalOnlyGuard)
export class InternalSessionsController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(routes.resolve)
  async resolve(@Input() { params }: RouteInput<typeof routes.resolve>) {
    return ok(await this.queries.execute(new ResolveSession(params.token)));
  }
}
