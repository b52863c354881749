import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { brandLabelKey, type ListQuery, type PiesBrand, type ProductBrandCompatibility } from '@tuerca/contracts';
import { ContextDatabase, kysely, likePattern, listPage, pageWindow } from '@tuerca/platform';
import type { IntegrationsDB } from '../integrations.database.js';
import { toCompatibilityView } from './pies.rules.js';

export class ListPiesBrands extends Query<{ rows: PiesBrand[]; total: number }> {
  constructor(
    readonly filter: { brand_name?: string; brand_aaiaid?: string },
    readonly page: Pick<ListQuery, 'page' | 'pageSize'>,
  ) {
    super();
  }
}

/** spec "GET /integrations/brandPIES with filter{brand_name}": the Auto Care table by name (accents and case ignored). */
@QueryHandler(ListPiesBrands)
export class ListPiesBrandsHandler implements IQueryHandler<ListPiesBrands> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ filter, page }: ListPiesBrands) {
    let q = kysely<IntegrationsDB>(this.db.em())
      .selectFrom('PiesBrand')
      .select(['brandAaiaid', 'brandName', 'brandOwner', 'parentCompany']);
    if (filter.brand_name) q = q.where('brandKey', 'like', likePattern(brandLabelKey(filter.brand_name)));
    if (filter.brand_aaiaid) q = q.where('brandAaiaid', '=', filter.brand_aaiaid.toUpperCase());
    const { rows, total } = await listPage(q.orderBy('brandName').orderBy('brandAaiaid'), pageWindow(page));
    return {
      rows: rows.map((r) => ({
        brand_aaiaid: r.brandAaiaid,
        brand_name: r.brandName,
        brand_owner: r.brandOwner ?? null,
        parent_company: r.parentCompany ?? null,
      })),
      total,
    };
  }
}

export class ListProductBrandCompatibilities extends Query<{ rows: ProductBrandCompatibility[]; total: number }> {
  constructor(
    readonly storeId: string,
    readonly filter: { product_brand?: string; mapped?: boolean },
    readonly page: Pick<ListQuery, 'page' | 'pageSize'>,
  ) {
    super();
  }
}

/**
 * spec "GET /integrations/brandCompatibilitiesPIES/productBrandsCompatibilities with filter": the brand labels
 * of the store's products (and labels mapped before any product carried them), each with its PIES brand or
 * null, unmapped first so the seller sees what is left to do.
 */
@QueryHandler(ListProductBrandCompatibilities)
export class ListProductBrandCompatibilitiesHandler implements IQueryHandler<ListProductBrandCompatibilities> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ storeId, filter, page }: ListProductBrandCompatibilities) {
    const k = kysely<IntegrationsDB>(this.db.em());
    const labels = await k
      .selectFrom('MirroredProduct')
      .select(['brand'])
      .select((eb) => eb.fn.countAll<number>().as('products'))
      .where('storeId', '=', storeId)
      .where('state', '!=', 'deleted')
      .groupBy('brand')
      .execute();
    const mappings = await k
      .selectFrom('BrandCompatibility as c')
      .innerJoin('PiesBrand as b', 'b.brandAaiaid', 'c.brandAaiaid')
      .select(['c.id', 'c.storeId', 'c.productBrand', 'c.brandKey', 'c.brandAaiaid', 'b.brandName', 'c.createdAt', 'c.updatedAt'])
      .where('c.storeId', '=', storeId)
      .execute();
    const byKey = new Map<string, { label: string; products: number }>();
    for (const l of labels) {
      const key = brandLabelKey(l.brand);
      if (!key) continue;
      const seen = byKey.get(key);
      byKey.set(key, { label: seen?.label ?? l.brand, products: (seen?.products ?? 0) + Number(l.products) });
    }
    for (const m of mappings) if (!byKey.has(m.brandKey)) byKey.set(m.brandKey, { label: m.productBrand, products: 0 });
    const mapped = new Map(mappings.map((m) => [m.brandKey, m]));
    let rows = [...byKey.entries()].map(([key, v]) => {
      const m = mapped.get(key);
      return { product_brand: m?.productBrand ?? v.label, products: v.products, compatibility: m ? toCompatibilityView(m) : null };
    });
    if (filter.product_brand) {
      const want = brandLabelKey(filter.product_brand);
      rows = rows.filter((r) => brandLabelKey(r.product_brand).includes(want));
    }
    if (filter.mapped !== undefined) rows = rows.filter((r) => (r.compatibility !== null) === filter.mapped);
    rows.sort(
      (a, b) => Number(a.compatibility !== null) - Number(b.compatibility !== null) || a.product_brand.localeCompare(b.product_brand, 'es'),
    );
    const window = pageWindow(page);
    return { rows: rows.slice(window.offset, window.offset + window.limit), total: rows.length };
  }
}
