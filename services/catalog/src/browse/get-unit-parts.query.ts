import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type catalogBrowseRoutes, type PartsQuery, type RouteResponse, METERING_PORT, type Metering } from '@tuerca/contracts';
import { ok, type Visitor } from '@tuerca/platform';
import { VehicleTokens } from '../vin/vehicle-tokens.js';
import { VinResolver } from '../vin/vin-resolver.js';
import { BrowseReader, UNIT_IMAGE_PATH } from './browse.reader.js';
import { presentCatalog, presentPart, presentVehicle, quotaMetadata } from './browse.rules.js';
import { meterConsultation, openVehicle } from './vehicle-page.js';

/** spec 001 §7: a unit's diagram and parts. Metered: a catalogue consultation of the vehicle. */
export class GetUnitParts extends Query<RouteResponse<typeof catalogBrowseRoutes.parts>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: PartsQuery,
  ) {
    super();
  }
}

@QueryHandler(GetUnitParts)
export class GetUnitPartsHandler implements IQueryHandler<GetUnitParts> {
  constructor(
    private readonly reader: BrowseReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly resolver: VinResolver,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, query: q }: GetUnitParts) {
    const { catalog, state, vehicle, page } = await openVehicle(
      { reader: this.reader, tokens: this.tokens, resolver: this.resolver },
      q,
      q.unitId,
    );
    const unit = await this.reader.unit(vehicle, q.unitId);
    const status = await meterConsultation(this.metering, visitor, vehicle.vehicle_id);
    const parts = await this.reader.unitParts(unit.unit_id);
    const names = await this.reader.names(q.language);
    return ok(
      {
        unitInfo: { name: names.of(unit), largeImageUrl: UNIT_IMAGE_PATH(unit.unit_id, names.language) },
        imageMap: unit.image_map.map((m) => ({ code: m.code, x1: m.x1, y1: m.y1, x2: m.x2, y2: m.y2 })),
        parts: parts.map((p) => presentPart(p, names, state, vehicle, status.canShowPartNumbers)),
        vehicle: presentVehicle(this.reader.ssd, vehicle, state),
        catalog: presentCatalog(catalog),
      },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }
}
