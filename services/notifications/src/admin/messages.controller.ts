import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { notificationFilterSchema, notificationsRoutes, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, Input, parseInput } from '@tuerca/platform';
import { GetMessage } from './get-message.query.js';
import { ListMessages } from './list-messages.query.js';
import { RetryMessage } from './retry-message.command.js';

const routes = notificationsRoutes;

/** The operator console's `notifications` resource, in ra-data-simple-rest's dialect (bare JSON, Content-Range). */
@Controller()
export class MessagesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>) {
    const filter = parseInput(notificationFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListMessages(query, filter));
    return new AdminRange('notifications', rows, offset, total);
  }

  @Bind(routes.one)
  one(@Input() { params }: RouteInput<typeof routes.one>) {
    return this.queries.execute(new GetMessage(params.id));
  }

  @Bind(routes.retry)
  retry(@Input() { params }: RouteInput<typeof routes.retry>) {
    return this.commands.execute(new RetryMessage(params.id));
  }
}
