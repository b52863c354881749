import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { catalogBrowseRoutes, RouteResponse } from '@tuerca/contracts';
import { ok } from '@tuerca/platform';
import { BrowseReader } from './browse.reader.js';
import { presentCatalog } from './browse.rules.js';

/** spec 001 §7: the catalogues (one per make) with the features each serves. */
export class ListCatalogs extends Query<RouteResponse<typeof catalogBrowseRoutes.catalogs>> {}

@QueryHandler(ListCatalogs)
export class ListCatalogsHandler implements IQueryHandler<ListCatalogs> {
  constructor(private readonly reader: BrowseReader) {}

  async execute() {
    return ok((await this.reader.catalogs()).map(presentCatalog));
  }
}
