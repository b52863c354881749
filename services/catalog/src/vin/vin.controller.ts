import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { catalogLookupRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, type Visitor } from '@tuerca/platform';
import { CheckVinHasCatalog, VerifyVinForUser } from './check-vin.query.js';
import { LookupVinOrFrame } from './lookup-vin.command.js';

/** VIN and frame lookup (spec 001 §7): the lookup, the VIN catalogue check and its logged-in variant. */
@Controller()
export class VinController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.vehicleByVinOrFrame)
  vehicleByVinOrFrame(@Input() { query }: RouteInput<typeof routes.vehicleByVinOrFrame>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new LookupVinOrFrame(visitor, query));
  }

  @Bind(routes.vinHasCatalog)
  vinHasCatalog(@Input() { query }: RouteInput<typeof routes.vinHasCatalog>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new CheckVinHasCatalog(visitor, query.VIN));
  }

  @Bind(routes.verifyVinInCatalogForActiveUser)
  verifyVin(@Input() { query }: RouteInput<typeof routes.verifyVinInCatalogForActiveUser>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new VerifyVinForUser(visitor, query.VIN));
  }
}
