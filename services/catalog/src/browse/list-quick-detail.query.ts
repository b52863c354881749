import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, type catalogBrowseRoutes, type QuickDetailQuery, type RouteResponse, METERING_PORT, type Metering } from '@tuerca/contracts';
import { NotFoundError, ok, type Visitor } from '@tuerca/platform';
import { VehicleTokens } from '../vin/vehicle-tokens.js';
import { VinResolver } from '../vin/vin-resolver.js';
import { BrowseReader } from './browse.reader.js';
import { partsByCategory, presentCatalog, presentVehicle, quotaMetadata, subtreeKeys } from './browse.rules.js';
import { meterConsultation, openVehicle } from './vehicle-page.js';

/**
 * spec 001 §7: the vehicle's parts of a quick group (and the groups under it), by category and unit. Metered:
 * a catalogue consultation of the vehicle.
 */
export class ListQuickDetail extends Query<RouteResponse<typeof catalogBrowseRoutes.listQuickDetail>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: QuickDetailQuery,
  ) {
    super();
  }
}

@QueryHandler(ListQuickDetail)
export class ListQuickDetailHandler implements IQueryHandler<ListQuickDetail> {
  constructor(
    private readonly reader: BrowseReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly resolver: VinResolver,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, query: q }: ListQuickDetail) {
    const { catalog, state, vehicle, page } = await openVehicle({ reader: this.reader, tokens: this.tokens, resolver: this.resolver }, q);
    const rows = await this.reader.quickGroups();
    const group = rows.find((r) => r.quick_group_id === q.groupId);
    if (!group) throw new NotFoundError(t('catalogV2.quickGroupNotFound'));
    const ids = subtreeKeys(
      rows,
      group.quick_group_id,
      (r) => r.quick_group_id,
      (r) => r.parent_id,
    );
    const types = [...new Set(rows.filter((r) => ids.has(r.quick_group_id)).flatMap((r) => r.part_types))];
    const status = await meterConsultation(this.metering, visitor, vehicle.vehicle_id);
    const parts = await this.reader.partsOfTypes(vehicle, types);
    const names = await this.reader.names(q.language);
    const units = await this.reader.unitsById([...new Set(parts.map((p) => p.unit_id))]);
    const categories = await this.reader.categories();
    return ok(
      {
        quickGroup: { quickGroupId: group.quick_group_id, name: names.of(group) },
        categories: partsByCategory(this.reader.ssd, parts, units, categories, vehicle, state, names, status.canShowPartNumbers),
        vehicle: presentVehicle(this.reader.ssd, vehicle, state),
        catalog: presentCatalog(catalog),
      },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }
}
