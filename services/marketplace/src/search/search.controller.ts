import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { facetFilterSchema, productSearchFilterSchema, searchRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, JsonReply, Page, ok, pageWindow, parseInput, type Visitor } from '@tuerca/platform';
import { GetCompatibleVehicles } from './compatible-vehicles.query.js';
import { ListFacet } from './facets.query.js';
import { GetProduct, GetProducts } from './get-products.query.js';
import { GetMarketPrices } from './market-prices.query.js';
import { viewerOf } from './product-view.js';
import { SearchByReference } from './search-by-reference.query.js';
import { SearchProducts } from './search-products.query.js';

/** The results' reads (spec 000 §7 "Products"), under /api/catalogo/products: public, per person. */
@Controller()
export class SearchController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(productSearchFilterSchema, {
      ...query.filter,
      ...(query.pathPrefix ? { pathPrefix: query.pathPrefix } : {}),
    });
    const { rows, total, corrected } = await this.queries.execute(new SearchProducts(filter, pageWindow(query), viewerOf(visitor)));
    // Rows shared by everyone come as their JSON written once: sent as written.
    return new JsonReply(new Page(rows, total, query, corrected ? { corrected } : {}));
  }

  @Bind(routes.byReference)
  async byReference(@Input() { query }: RouteInput<typeof routes.byReference>, @CurrentVisitor() visitor: Visitor) {
    const viewer = viewerOf(visitor, query.country);
    const { reference, ...result } = await this.queries.execute(
      new SearchByReference(query.reference, viewer, { pathPrefix: query.pathPrefix ?? null, country: viewer.country }),
    );
    return new JsonReply(
      ok(result, { reference, country: viewer.country, found: result.products.length + result.productSubstitutions.length > 0 }),
    );
  }

  @Bind(routes.byUrl)
  async byUrl(@Input() { query }: RouteInput<typeof routes.byUrl>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetProduct({ productUrl: query.productUrl }, viewerOf(visitor))));
  }

  @Bind(routes.marketPrices)
  async marketPrices(@Input() { query }: RouteInput<typeof routes.marketPrices>) {
    return ok(await this.queries.execute(new GetMarketPrices(query.reference)));
  }

  @Bind(routes.byIds)
  async byIds(@Input() { body }: RouteInput<typeof routes.byIds>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetProducts({ ids: body.ids }, viewerOf(visitor))));
  }

  @Bind(routes.makes)
  makes(@Input() { query }: RouteInput<typeof routes.makes>) {
    return this.facet('getMakesFilter', query.filter);
  }

  @Bind(routes.models)
  models(@Input() { query }: RouteInput<typeof routes.models>) {
    return this.facet('getModelsFilter', query.filter);
  }

  @Bind(routes.brands)
  brands(@Input() { query }: RouteInput<typeof routes.brands>) {
    return this.facet('getBrandsFilter', query.filter);
  }

  @Bind(routes.groups)
  groups(@Input() { query }: RouteInput<typeof routes.groups>) {
    return this.facet('getGroupsFilter', query.filter);
  }

  @Bind(routes.brandsAndGroups)
  brandsAndGroups(@Input() { query }: RouteInput<typeof routes.brandsAndGroups>) {
    return this.facet('getBrandsAndGroupsFilter', query.filter);
  }

  private async facet(facet: ListFacet['facet'], filter: Record<string, unknown>) {
    return ok(await this.queries.execute(new ListFacet(facet, parseInput(facetFilterSchema, filter))));
  }

  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetProduct({ id: params.id }, viewerOf(visitor))));
  }

  @Bind(routes.compatibleVehicles)
  async compatibleVehicles(@Input() { params }: RouteInput<typeof routes.compatibleVehicles>) {
    return ok(await this.queries.execute(new GetCompatibleVehicles(params.id)));
  }
}
