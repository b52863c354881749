import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { VehicleListFilter } from '@tuerca/contracts';
import { ContextDatabase, kysely, likePattern, listPage, type Window } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { foldText, folded } from '../search-text.js';
import { VEHICLE_COLUMNS, vehicleRowOf } from './own-vehicle.js';
import { compactCode, type VehicleView } from './vehicle.rules.js';
import { VehicleViews } from './vehicle-views.js';

export class ListVehicles extends Query<{ rows: VehicleView[]; total: number }> {
  constructor(
    readonly userId: string,
    readonly filter: VehicleListFilter,
    readonly window: Window,
  ) {
    super();
  }
}

/** The person's live vehicles, newest first (spec 001 §7 garage list). */
@QueryHandler(ListVehicles)
export class ListVehiclesHandler implements IQueryHandler<ListVehicles> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly views: VehicleViews,
  ) {}

  async execute({ userId, filter, window }: ListVehicles) {
    let q = kysely<GarageDB>(this.db.em())
      .selectFrom('Vehicle')
      .select(VEHICLE_COLUMNS)
      .where('userId', '=', userId)
      .where('deletedAt', 'is', null);
    if (filter.country) q = q.where('country', '=', filter.country);
    const text = foldText(filter.searchInColumns ?? '');
    if (text) {
      // spec 001 §2: search by vehicle, plate and VIN; accent- and case-insensitive.
      const code = compactCode(text);
      q = q.where((eb) =>
        eb.or([
          eb(
            folded(eb, eb.fn<string>('concat_ws', [eb.val(' '), eb.ref('brand'), eb.ref('model'), eb.ref('year')])),
            'like',
            likePattern(text),
          ),
          ...(code ? [eb('licensePlate', 'like', likePattern(code)), eb('vin', 'like', likePattern(code))] : []),
        ]),
      );
    }
    const { rows, total } = await listPage(q.orderBy('createdAt', 'desc').orderBy('id'), window);
    return { rows: await this.views.all(rows.map(vehicleRowOf)), total };
  }
}
