import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { catalogBrowseRoutes, RouteResponse, VehiclesQuery } from '@tuerca/contracts';
import { ok } from '@tuerca/platform';
import { BrowseReader } from './browse.reader.js';
import { filterVehicles, presentVehicle } from './browse.rules.js';

/** spec 001 §7: the catalogue's vehicles that match the chosen filters, and the filters with their options. */
export class ListCatalogVehicles extends Query<RouteResponse<typeof catalogBrowseRoutes.vehicles>> {
  constructor(readonly query: VehiclesQuery) {
    super();
  }
}

@QueryHandler(ListCatalogVehicles)
export class ListCatalogVehiclesHandler implements IQueryHandler<ListCatalogVehicles> {
  constructor(private readonly reader: BrowseReader) {}

  async execute({ query }: ListCatalogVehicles) {
    const catalog = await this.reader.catalog(query.catalogCode);
    const state = this.reader.state(query.ssd, catalog.code);
    const all = await this.reader.vehicles(catalog.code);
    const { vehicles, filters } = filterVehicles(this.reader.ssd, catalog.code, all, state);
    return ok({ catalog: catalog.code, vehicles: vehicles.map((v) => presentVehicle(this.reader.ssd, v, state)), filters });
  }
}
