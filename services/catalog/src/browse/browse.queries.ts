import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  CatalogQuery,
  FindPartQuery,
  GroupsQuery,
  PartsQuery,
  QuickDetailQuery,
  VehicleQuery,
  VehiclesQuery,
} from '@tuerca/contracts';
import type { Visitor } from '@tuerca/platform';
import { BrowseService } from './browse.service.js';

/**
 * The version 2 catalogue's reads (spec 001 §7), one query each. The steps they share (opening a vehicle from
 * its ssd, metering the consultation, presenting catalogues, vehicles, units and parts) live in BrowseService.
 */
type Answer<K extends keyof BrowseService> = BrowseService[K] extends (...args: never[]) => Promise<infer R> ? R : never;

export class ListCatalogs extends Query<Answer<'catalogs'>> {}

@QueryHandler(ListCatalogs)
export class ListCatalogsHandler implements IQueryHandler<ListCatalogs> {
  constructor(private readonly browse: BrowseService) {}
  execute() {
    return this.browse.catalogs();
  }
}

export class GetCatalog extends Query<Answer<'getCatalog'>> {
  constructor(readonly query: CatalogQuery) {
    super();
  }
}

@QueryHandler(GetCatalog)
export class GetCatalogHandler implements IQueryHandler<GetCatalog> {
  constructor(private readonly browse: BrowseService) {}
  execute({ query }: GetCatalog) {
    return this.browse.getCatalog(query);
  }
}

export class ListModels extends Query<Answer<'models'>> {
  constructor(readonly query: CatalogQuery) {
    super();
  }
}

@QueryHandler(ListModels)
export class ListModelsHandler implements IQueryHandler<ListModels> {
  constructor(private readonly browse: BrowseService) {}
  execute({ query }: ListModels) {
    return this.browse.models(query);
  }
}

export class ListCatalogVehicles extends Query<Answer<'vehicles'>> {
  constructor(readonly query: VehiclesQuery) {
    super();
  }
}

@QueryHandler(ListCatalogVehicles)
export class ListCatalogVehiclesHandler implements IQueryHandler<ListCatalogVehicles> {
  constructor(private readonly browse: BrowseService) {}
  execute({ query }: ListCatalogVehicles) {
    return this.browse.vehicles(query);
  }
}

/** Metered: a catalogue consultation of the vehicle (billing's 12-hour window). */
export class GetGroups extends Query<Answer<'groups'>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: GroupsQuery,
  ) {
    super();
  }
}

@QueryHandler(GetGroups)
export class GetGroupsHandler implements IQueryHandler<GetGroups> {
  constructor(private readonly browse: BrowseService) {}
  execute({ visitor, query }: GetGroups) {
    return this.browse.groups(visitor, query);
  }
}

export class GetQuickGroups extends Query<Answer<'quickGroups'>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: VehicleQuery,
  ) {
    super();
  }
}

@QueryHandler(GetQuickGroups)
export class GetQuickGroupsHandler implements IQueryHandler<GetQuickGroups> {
  constructor(private readonly browse: BrowseService) {}
  execute({ visitor, query }: GetQuickGroups) {
    return this.browse.quickGroups(visitor, query);
  }
}

export class ListQuickDetail extends Query<Answer<'listQuickDetail'>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: QuickDetailQuery,
  ) {
    super();
  }
}

@QueryHandler(ListQuickDetail)
export class ListQuickDetailHandler implements IQueryHandler<ListQuickDetail> {
  constructor(private readonly browse: BrowseService) {}
  execute({ visitor, query }: ListQuickDetail) {
    return this.browse.listQuickDetail(visitor, query);
  }
}

export class GetUnitParts extends Query<Answer<'parts'>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: PartsQuery,
  ) {
    super();
  }
}

@QueryHandler(GetUnitParts)
export class GetUnitPartsHandler implements IQueryHandler<GetUnitParts> {
  constructor(private readonly browse: BrowseService) {}
  execute({ visitor, query }: GetUnitParts) {
    return this.browse.parts(visitor, query);
  }
}

/** spec 001 §9: no consultation is deducted when nothing is found. */
export class FindPartInVehicle extends Query<Answer<'findPartInVehicle'>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: FindPartQuery,
  ) {
    super();
  }
}

@QueryHandler(FindPartInVehicle)
export class FindPartInVehicleHandler implements IQueryHandler<FindPartInVehicle> {
  constructor(private readonly browse: BrowseService) {}
  execute({ visitor, query }: FindPartInVehicle) {
    return this.browse.findPartInVehicle(visitor, query);
  }
}

export const BROWSE_QUERY_HANDLERS = [
  ListCatalogsHandler,
  GetCatalogHandler,
  ListModelsHandler,
  ListCatalogVehiclesHandler,
  GetGroupsHandler,
  GetQuickGroupsHandler,
  ListQuickDetailHandler,
  GetUnitPartsHandler,
  FindPartInVehicleHandler,
];
