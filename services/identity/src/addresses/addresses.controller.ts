import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { addressRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, Page, ok, type Visitor } from '@tuerca/platform';
import { GetAddress } from './get-address.query.js';
import { ListAddresses } from './list-addresses.query.js';
import { RemoveAddress } from './remove-address.command.js';
import { SaveAddress } from './save-address.command.js';

/** /api/users/userAdditionalAddress: the logged-in person's shipping addresses, and nobody else's. */
@Controller()
export class AddressesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const { rows, total } = await this.queries.execute(new ListAddresses(visitor.user!.id, query));
    return new Page(rows, total, query);
  }

  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new SaveAddress(visitor.user!.id, body)));
  }

  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetAddress(visitor.user!.id, params.id)));
  }

  @Bind(routes.update)
  async update(@Input() { params, body }: RouteInput<typeof routes.update>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new SaveAddress(visitor.user!.id, body, params.id)));
  }

  @Bind(routes.remove)
  async remove(@Input() { params }: RouteInput<typeof routes.remove>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new RemoveAddress(visitor.user!.id, params.id)));
  }
}
