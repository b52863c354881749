import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, type catalogBrowseRoutes, type GroupsQuery, type RouteResponse, METERING_PORT, type Metering } from '@tuerca/contracts';
import { NotFoundError, ok, type Visitor } from '@tuerca/platform';
import { VehicleTokens } from '../vin/vehicle-tokens.js';
import { VinResolver } from '../vin/vin-resolver.js';
import { BrowseReader } from './browse.reader.js';
import { categoryTree, presentCatalog, presentUnit, presentVehicle, quotaMetadata, subtreeKeys, vehicleSsd } from './browse.rules.js';
import { meterConsultation, openVehicle } from './vehicle-page.js';

/** spec 001 §7: the vehicle's units by category (one category's with `cid`). Metered: a catalogue consultation of the vehicle. */
export class GetGroups extends Query<RouteResponse<typeof catalogBrowseRoutes.groups>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: GroupsQuery,
  ) {
    super();
  }
}

@QueryHandler(GetGroups)
export class GetGroupsHandler implements IQueryHandler<GetGroups> {
  constructor(
    private readonly reader: BrowseReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly resolver: VinResolver,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, query: q }: GetGroups) {
    const { catalog, state, vehicle, page } = await openVehicle({ reader: this.reader, tokens: this.tokens, resolver: this.resolver }, q);
    const rows = await this.reader.categories();
    const all = await this.reader.units(vehicle);
    let units = all;
    if (q.cid) {
      const root = rows.find((r) => r.category_id === q.cid);
      if (!root) throw new NotFoundError(t('catalogV2.categoryNotFound'));
      const keys = subtreeKeys(
        rows,
        root.key,
        (r) => r.key,
        (r) => r.parent_key,
      );
      units = units.filter((u) => keys.has(u.category_key));
    }
    const status = await meterConsultation(this.metering, visitor, vehicle.vehicle_id);
    const names = await this.reader.names(q.language);
    // After the names are used: the metadata says whether one fell back to Spanish.
    const metadata = () => ({ ...quotaMetadata(status), ...page, ...names.metadata() });
    const presented = units.map((u) => presentUnit(this.reader.ssd, u, vehicle, state, names));
    if (q.loadOnlyUnits === '1') return ok({ units: presented }, metadata());
    const categories = categoryTree(rows, all, vehicleSsd(this.reader.ssd, vehicle, state), names);
    return ok(
      {
        categories,
        units: presented,
        vehicle: presentVehicle(this.reader.ssd, vehicle, state),
        catalog: presentCatalog(catalog),
      },
      metadata(),
    );
  }
}
