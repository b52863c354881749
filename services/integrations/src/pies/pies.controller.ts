import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { piesRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, Page, actorOf, ok, type Visitor } from '@tuerca/platform';
import { storeScope } from '../listings/store-scope.js';
import { ListPiesBrands, ListProductBrandCompatibilities } from './pies.queries.js';
import { ImportPiesBrands, RemoveBrandCompatibility, SaveBrandCompatibility } from './save-brand-compatibility.command.js';

/** Operators reach every store's mappings by id; sellers only their own store's. */
const anyStoreOrOwn = (v: Visitor): string | null => (v.user!.roles.includes('operator') ? null : storeScope(v.user!, null));

/** spec 000 §7 / 001 §7 "Brand compatibility (PIES)" under /api/integrations, and the operator's brand-table import. */
@Controller()
export class PiesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.productBrandsCompatibilities)
  async productBrands(@Input() { query }: RouteInput<typeof routes.productBrandsCompatibilities>, @CurrentVisitor() v: Visitor) {
    const storeId = storeScope(v.user!, query.filter.store_id);
    const { rows, total } = await this.queries.execute(new ListProductBrandCompatibilities(storeId, query.filter, query));
    return new Page(rows, total, query);
  }

  @Bind(routes.brands)
  async brands(@Input() { query }: RouteInput<typeof routes.brands>) {
    const { rows, total } = await this.queries.execute(new ListPiesBrands(query.filter, query));
    return new Page(rows, total, query);
  }

  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() v: Visitor) {
    const saved = await this.commands.execute(new SaveBrandCompatibility(storeScope(v.user!, body.store_id), body, undefined, actorOf(v)));
    return ok(saved, { message: t('integrations.pies.saved', { brand: saved.brand_name }) });
  }

  @Bind(routes.updateOne)
  async updateOne(@Input() { query }: RouteInput<typeof routes.updateOne>, @CurrentVisitor() v: Visitor) {
    const { id, ...changes } = query.data;
    const saved = await this.commands.execute(new SaveBrandCompatibility(anyStoreOrOwn(v), changes, id, actorOf(v)));
    return ok(saved, { message: t('integrations.pies.updated') });
  }

  @Bind(routes.deleteOne)
  async deleteOne(@Input() { query }: RouteInput<typeof routes.deleteOne>, @CurrentVisitor() v: Visitor) {
    const removed = await this.commands.execute(new RemoveBrandCompatibility(anyStoreOrOwn(v), query.data.id, actorOf(v)));
    return ok(removed, { message: t('integrations.pies.deleted') });
  }

  @Bind(routes.importBrands)
  importBrands(@Input() { body }: RouteInput<typeof routes.importBrands>) {
    return this.commands.execute(new ImportPiesBrands(body.brands));
  }
}
