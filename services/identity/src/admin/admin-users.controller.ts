import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { adminUserFilterSchema, adminUsersRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, CurrentVisitor, Input, MethodNotAllowedError, actorOf, parseInput, type Visitor } from '@tuerca/platform';
import { CreateUser } from './create-user.command.js';
import { GetUser } from './get-user.query.js';
import { ListUsers } from './list-users.query.js';
import { UpdateUser } from './update-user.command.js';

/** The operator console's `users` resource, in ra-data-simple-rest's dialect (bare JSON, Content-Range). */
@Controller()
export class AdminUsersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>) {
    const filter = parseInput(adminUserFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListUsers(query, filter));
    return new AdminRange('users', rows, offset, total);
  }

  @Bind(routes.one)
  one(@Input() { params }: RouteInput<typeof routes.one>) {
    return this.queries.execute(new GetUser(params.id));
  }

  @Bind(routes.create)
  create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new CreateUser(body, actorOf(visitor)));
  }

  @Bind(routes.update)
  update(@Input() { params, body }: RouteInput<typeof routes.update>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new UpdateUser(params.id, body, actorOf(visitor)));
  }

  // Accounts are deactivated, never deleted.
  @Bind(routes.remove)
  remove(): never {
    throw new MethodNotAllowedError(t('adminConsole.cannotDeleteUsers'));
  }
}
