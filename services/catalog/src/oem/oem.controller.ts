import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { catalogLookupRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, type Visitor } from '@tuerca/platform';
import { FindCatalogsByOem, FindVehicleByOem } from './find-by-oem.command.js';

/** The OEM drill-down (spec 001 §2 OEM finder, §7). */
@Controller()
export class OemController {
  constructor(private readonly commands: CommandBus) {}

  @Bind(routes.findCatalogsByOem)
  findCatalogsByOem(@Input() { query }: RouteInput<typeof routes.findCatalogsByOem>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new FindCatalogsByOem(visitor, query));
  }

  @Bind(routes.findVehicleByOem)
  findVehicleByOem(@Input() { query }: RouteInput<typeof routes.findVehicleByOem>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new FindVehicleByOem(visitor, query));
  }
}
