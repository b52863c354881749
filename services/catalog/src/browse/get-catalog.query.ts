import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CatalogQuery, catalogBrowseRoutes, RouteResponse } from '@tuerca/contracts';
import { ok } from '@tuerca/platform';
import { BrowseReader } from './browse.reader.js';
import { presentCatalog } from './browse.rules.js';

/** spec 001 §7: one catalogue by its code (404 in Spanish when there is none). */
export class GetCatalog extends Query<RouteResponse<typeof catalogBrowseRoutes.getCatalog>> {
  constructor(readonly query: CatalogQuery) {
    super();
  }
}

@QueryHandler(GetCatalog)
export class GetCatalogHandler implements IQueryHandler<GetCatalog> {
  constructor(private readonly reader: BrowseReader) {}

  async execute({ query }: GetCatalog) {
    return ok(presentCatalog(await this.reader.catalog(query.catalogCode)));
  }
}
