import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type catalogBrowseRoutes, type FindPartQuery, type RouteResponse, METERING_PORT, type Metering } from '@tuerca/contracts';
import { ok, type Visitor } from '@tuerca/platform';
import { VehicleTokens } from '../vin/vehicle-tokens.js';
import { VinResolver } from '../vin/vin-resolver.js';
import { BrowseReader } from './browse.reader.js';
import { partsByCategory, presentVehicle, quotaMetadata } from './browse.rules.js';
import { meterSubjectOf, openVehicle } from './vehicle-page.js';

/** spec 001 §7: a part number or name searched within the vehicle, by category and unit. */
export class FindPartInVehicle extends Query<RouteResponse<typeof catalogBrowseRoutes.findPartInVehicle>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: FindPartQuery,
  ) {
    super();
  }
}

@QueryHandler(FindPartInVehicle)
export class FindPartInVehicleHandler implements IQueryHandler<FindPartInVehicle> {
  constructor(
    private readonly reader: BrowseReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly resolver: VinResolver,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, query: q }: FindPartInVehicle) {
    const { state, vehicle, page } = await openVehicle({ reader: this.reader, tokens: this.tokens, resolver: this.resolver }, q);
    const who = meterSubjectOf(visitor);
    const before = await this.metering.authorize({ kind: 'catalog', who, subject: vehicle.vehicle_id });
    const parts = await this.reader.searchParts(vehicle, q.oemOrName);
    // spec 001 §9: no consultation is deducted when nothing is found.
    const status = parts.length
      ? (await this.metering.consume({ kind: 'catalog', who, subject: vehicle.vehicle_id, requestId: visitor.requestId })).status
      : before;
    const names = await this.reader.names(q.language);
    const units = await this.reader.unitsById([...new Set(parts.map((p) => p.unit_id))]);
    const categories = await this.reader.categories();
    return ok(
      {
        vehicle: presentVehicle(this.reader.ssd, vehicle, state),
        categories: partsByCategory(this.reader.ssd, parts, units, categories, vehicle, state, names, status.canShowPartNumbers),
      },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }
}
