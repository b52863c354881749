import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BrandFilter, BrandScope, VehicleBrandView } from '@tuerca/contracts';
import { ContextDatabase, kysely, likePattern, listPage, type Window } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { foldText, folded } from '../search-text.js';
import { BRAND_COLUMNS, toBrandView } from './brands.rules.js';

export class ListBrands extends Query<{ rows: VehicleBrandView[]; total: number }> {
  constructor(
    readonly filter: BrandFilter,
    readonly scope: BrandScope,
    /** The page asked for; none for getAllBrands (every brand of the scope). */
    readonly window?: Window,
  ) {
    super();
  }
}

/** spec 001 §7: the brand list by name (accents and case aside), active ones unless `showAllBrands`. */
@QueryHandler(ListBrands)
export class ListBrandsHandler implements IQueryHandler<ListBrands> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ filter, scope, window }: ListBrands) {
    let q = kysely<GarageDB>(this.db.em()).selectFrom('VehicleBrand').select(BRAND_COLUMNS);
    if (scope === 'showActiveBrands') q = q.where('active', '=', true);
    const name = foldText(filter.name ?? '');
    if (name) q = q.where((eb) => eb(folded(eb, eb.ref('name')), 'like', likePattern(name)));
    const ordered = q.orderBy((eb) => folded(eb, eb.ref('name'))).orderBy('id');
    if (!window) {
      const rows = await ordered.execute();
      return { rows: rows.map(toBrandView), total: rows.length };
    }
    const { rows, total } = await listPage(ordered, window);
    return { rows: rows.map(toBrandView), total };
  }
}
