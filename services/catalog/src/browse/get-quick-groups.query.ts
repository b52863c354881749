import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type catalogBrowseRoutes, type RouteResponse, type VehicleQuery, METERING_PORT, type Metering } from '@tuerca/contracts';
import { ok, type Visitor } from '@tuerca/platform';
import { VehicleTokens } from '../vin/vehicle-tokens.js';
import { VinResolver } from '../vin/vin-resolver.js';
import { BrowseReader } from './browse.reader.js';
import { presentCatalog, presentVehicle, quickGroupTree, quotaMetadata } from './browse.rules.js';
import { meterConsultation, openVehicle } from './vehicle-page.js';

/** spec 001 §7: the quick groups that hold a part type of the vehicle. Metered: a catalogue consultation of the vehicle. */
export class GetQuickGroups extends Query<RouteResponse<typeof catalogBrowseRoutes.quickGroups>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: VehicleQuery,
  ) {
    super();
  }
}

@QueryHandler(GetQuickGroups)
export class GetQuickGroupsHandler implements IQueryHandler<GetQuickGroups> {
  constructor(
    private readonly reader: BrowseReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly resolver: VinResolver,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, query: q }: GetQuickGroups) {
    const { catalog, state, vehicle, page } = await openVehicle({ reader: this.reader, tokens: this.tokens, resolver: this.resolver }, q);
    const types = await this.reader.partTypes(vehicle);
    const rows = await this.reader.quickGroups();
    const status = await meterConsultation(this.metering, visitor, vehicle.vehicle_id);
    const names = await this.reader.names(q.language);
    return ok(
      {
        quickGroups: quickGroupTree(rows, types, names),
        vehicle: presentVehicle(this.reader.ssd, vehicle, state),
        catalog: presentCatalog(catalog),
      },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }
}
