import { Controller, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { catalogOldRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, type Visitor } from '@tuerca/platform';
import { GetOldCar, ListOldCars, ListOldCatalogs, ListOldFilters, ListOldModels } from './browse-old-catalogue.query.js';
import { ExportOldExcel } from './export-old-excel.query.js';
import { LookupOldVehicle } from './lookup-old-vehicle.command.js';
import { GetOldParts, ListOldGroups, ListOldSubGroups } from './old-car-groups.query.js';

/** The old-generation catalogue's ten calls (spec 001 §7 "Old catalogue"), each bound from its contract. */
@Controller()
export class OldCatalogueController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(routes.catalogs)
  catalogs(@Input() _input: RouteInput<typeof routes.catalogs>) {
    return this.queries.execute(new ListOldCatalogs());
  }

  @Bind(routes.models)
  models(@Input() { query }: RouteInput<typeof routes.models>) {
    return this.queries.execute(new ListOldModels(query.catalogId));
  }

  @Bind(routes.car)
  car(@Input() { query }: RouteInput<typeof routes.car>) {
    return this.queries.execute(new GetOldCar(query));
  }

  @Bind(routes.cars)
  cars(@Input() { query }: RouteInput<typeof routes.cars>) {
    return this.queries.execute(new ListOldCars(query));
  }

  @Bind(routes.filters)
  filters(@Input() { query }: RouteInput<typeof routes.filters>) {
    return this.queries.execute(new ListOldFilters(query));
  }

  @Bind(routes.groups)
  groups(@Input() { query }: RouteInput<typeof routes.groups>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new ListOldGroups(visitor, query));
  }

  @Bind(routes.subGroupsBatch)
  subGroupsBatch(@Input() { query }: RouteInput<typeof routes.subGroupsBatch>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new ListOldSubGroups(visitor, query));
  }

  @Bind(routes.parts)
  parts(@Input() { query }: RouteInput<typeof routes.parts>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetOldParts(visitor, query));
  }

  @Bind(routes.vehicleForVinOrFrame)
  vehicleForVinOrFrame(@Input() { query }: RouteInput<typeof routes.vehicleForVinOrFrame>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new LookupOldVehicle(visitor, query));
  }

  /** spec 001 §7 "Excel … (new tab)": an attachment, never cached. */
  @Bind(routes.exportExcel)
  async exportExcel(
    @Input() { query }: RouteInput<typeof routes.exportExcel>,
    @CurrentVisitor() visitor: Visitor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const file = await this.queries.execute(new ExportOldExcel(visitor, query));
    void reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return file.data;
  }
}
