import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { VehicleBrandView } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { BRAND_COLUMNS, brandNotFound, toBrandView } from './brands.rules.js';

/** One brand by id, whatever its scope; 404 'Marca no encontrada' when there is none. */
export class GetBrand extends Query<VehicleBrandView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetBrand)
export class GetBrandHandler implements IQueryHandler<GetBrand> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetBrand): Promise<VehicleBrandView> {
    const row = await kysely<GarageDB>(this.db.em())
      .selectFrom('VehicleBrand')
      .select(BRAND_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw brandNotFound();
    return toBrandView(row);
  }
}
