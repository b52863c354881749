import { Controller, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brandFilterSchema, vehicleBrandsRoutes as routes, type BrandListQuery, type RouteInput } from '@tuerca/contracts';
import { Bind, Input, Page, ok, pageWindow, parseInput, staticFile } from '@tuerca/platform';
import { GetBrand } from './get-brand.query.js';
import { GetBrandLogo } from './get-brand-logo.query.js';
import { ListBrands } from './list-brands.query.js';
import { scopeOf } from './brands.rules.js';

/** Vehicle brands (spec 001 §7), public: the vehicle form's searchable brand list. The WS paths answer the same. */
@Controller()
export class VehicleBrandsController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(routes.list)
  list(@Input() { query }: RouteInput<typeof routes.list>) {
    return this.page(query);
  }

  @Bind(routes.listWs)
  listWs(@Input() { query }: RouteInput<typeof routes.listWs>) {
    return this.page(query);
  }

  @Bind(routes.all)
  all(@Input() { query }: RouteInput<typeof routes.all>) {
    return this.everyBrand(query.scopes);
  }

  @Bind(routes.allWs)
  allWs(@Input() { query }: RouteInput<typeof routes.allWs>) {
    return this.everyBrand(query.scopes);
  }

  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>) {
    return ok(await this.queries.execute(new GetBrand(params.id)));
  }

  @Bind(routes.oneWs)
  async oneWs(@Input() { params }: RouteInput<typeof routes.oneWs>) {
    return ok(await this.queries.execute(new GetBrand(params.id)));
  }

  /** Brand marks, served as a CDN caches them (staticFile: public, ETag, 304). */
  @Bind(routes.logo)
  async logo(
    @Input() { params }: RouteInput<typeof routes.logo>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const data = await this.queries.execute(new GetBrandLogo(params.theme, params.file));
    return staticFile(request, reply, data, 'image/webp', { maxAgeSeconds: 7 * 86_400 });
  }

  private async page(query: BrandListQuery) {
    const filter = parseInput(brandFilterSchema, query.filter);
    const { rows, total } = await this.queries.execute(new ListBrands(filter, scopeOf(query.scopes), pageWindow(query)));
    return new Page(rows, total, query);
  }

  private async everyBrand(scopes: string[]) {
    const { rows, total } = await this.queries.execute(new ListBrands({}, scopeOf(scopes)));
    return ok(rows, { total });
  }
}
