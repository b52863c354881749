import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CatalogQuery, catalogBrowseRoutes, RouteResponse } from '@tuerca/contracts';
import { ok } from '@tuerca/platform';
import { BrowseReader } from './browse.reader.js';
import { modelOptions } from './browse.rules.js';

/** spec 001 §7, the vehicle wizard's first step: the catalogue's model names. */
export class ListModels extends Query<RouteResponse<typeof catalogBrowseRoutes.models>> {
  constructor(readonly query: CatalogQuery) {
    super();
  }
}

@QueryHandler(ListModels)
export class ListModelsHandler implements IQueryHandler<ListModels> {
  constructor(private readonly reader: BrowseReader) {}

  async execute({ query }: ListModels) {
    const catalog = await this.reader.catalog(query.catalogCode);
    const vehicles = await this.reader.vehicles(catalog.code);
    return ok({ catalog: catalog.code, models: modelOptions(this.reader.ssd, catalog.code, vehicles) });
  }
}
