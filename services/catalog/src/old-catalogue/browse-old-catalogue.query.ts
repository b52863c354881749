import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  OLD_CARS_PAGE_SIZE,
  t,
  type OldCar,
  type OldCarQuery,
  type OldCarsQuery,
  type OldFilter,
  type OldFiltersQuery,
  type Success,
} from '@tuerca/contracts';
import { NotFoundError, Page, ok } from '@tuerca/platform';
import {
  applyFilters,
  filtersOf,
  modelIdOf,
  modelNameOf,
  parseParameter,
  presentCar,
  sortCars,
  type OldVehicleRow,
} from './old-catalogue.rules.js';
import { OldCatalogueStore, diagramUrl } from './old-catalogue.store.js';

type Catalogs = Success<{ catalogId: string; name: string; brand: string; code: string }[]>;
type Models = Success<{ modelId: string; name: string; img: string | null; cars: number }[]>;

/** catalogs (spec 001 §7): every catalogue, by its old-generation id. */
export class ListOldCatalogs extends Query<Catalogs> {}

@QueryHandler(ListOldCatalogs)
export class ListOldCatalogsHandler implements IQueryHandler<ListOldCatalogs> {
  constructor(private readonly store: OldCatalogueStore) {}

  async execute(): Promise<Catalogs> {
    return ok((await this.store.catalogs()).map((c) => ({ catalogId: c.catalogId, name: c.name, brand: c.brand, code: c.code })));
  }
}

/** models (catalogId): the catalogue's models (spec 001 §3 "Model: name, img"), the picture being a diagram of the model. */
export class ListOldModels extends Query<Models> {
  constructor(readonly catalogId: string) {
    super();
  }
}

@QueryHandler(ListOldModels)
export class ListOldModelsHandler implements IQueryHandler<ListOldModels> {
  constructor(private readonly store: OldCatalogueStore) {}

  async execute({ catalogId }: ListOldModels): Promise<Models> {
    const catalog = await this.store.catalog(catalogId);
    const vehicles = await this.store.vehicles(catalog.code);
    const firstUnits = await this.store.firstUnits(catalog.code);
    const models = new Map<string, { name: string; img: string | null; cars: number }>();
    for (const v of vehicles) {
      const name = modelNameOf(v);
      const m = models.get(name) ?? { name, img: null, cars: 0 };
      m.cars += 1;
      const unit = firstUnits.get(v.platformId);
      if (!m.img && unit) m.img = diagramUrl(unit);
      models.set(name, m);
    }
    return ok(
      [...models.values()]
        .sort((a, b) => a.name.localeCompare(b.name, 'es', { numeric: true }))
        .map((m) => ({ modelId: modelIdOf(catalog.code, m.name), ...m })),
    );
  }
}

/** car (catalogId, carId): one car with its parameters — what the console caches for 8 days. */
export class GetOldCar extends Query<Success<OldCar>> {
  constructor(readonly query: OldCarQuery) {
    super();
  }
}

@QueryHandler(GetOldCar)
export class GetOldCarHandler implements IQueryHandler<GetOldCar> {
  constructor(private readonly store: OldCatalogueStore) {}

  async execute({ query }: GetOldCar): Promise<Success<OldCar>> {
    const catalog = await this.store.catalog(query.catalogId);
    return ok(presentCar(await this.store.car(catalog.code, query.carId), catalog.catalogId));
  }
}

/** The cars of a model and its filters: a modelId that names no model of the catalogue is 404. */
async function modelCars(store: OldCatalogueStore, catalogId: string, modelId: string) {
  const catalog = await store.catalog(catalogId);
  const cars = (await store.vehicles(catalog.code)).filter((v) => modelIdOf(catalog.code, modelNameOf(v)) === modelId);
  if (cars.length === 0) throw new NotFoundError(t('catalogOld.modelNotFound'));
  return { catalog, cars };
}

/**
 * cars (catalogId, modelId, parameter, page): spec 001 §9 "25 a page, zero-based, the total in x-total-count";
 * `parameter` carries the chosen filters (`{filterKey}={idx}` joined by '&').
 */
export class ListOldCars extends Query<Page<OldCar>> {
  constructor(readonly query: OldCarsQuery) {
    super();
  }
}

@QueryHandler(ListOldCars)
export class ListOldCarsHandler implements IQueryHandler<ListOldCars> {
  constructor(private readonly store: OldCatalogueStore) {}

  async execute({ query }: ListOldCars): Promise<Page<OldCar>> {
    const { catalog, cars } = await modelCars(this.store, query.catalogId, query.modelId);
    const chosen = parseParameter(query.parameter);
    const matching: OldVehicleRow[] = sortCars(applyFilters(cars, filtersOf(cars, chosen), chosen));
    const start = query.page * OLD_CARS_PAGE_SIZE;
    const page = matching.slice(start, start + OLD_CARS_PAGE_SIZE).map((v) => presentCar(v, catalog.catalogId));
    return new Page(page, matching.length, { page: query.page, pageSize: OLD_CARS_PAGE_SIZE }, { 'x-total-count': matching.length });
  }
}

/** filters (catalogId, modelId, parameter): key, name, values {idx, value} of the model's cars. */
export class ListOldFilters extends Query<Success<OldFilter[]>> {
  constructor(readonly query: OldFiltersQuery) {
    super();
  }
}

@QueryHandler(ListOldFilters)
export class ListOldFiltersHandler implements IQueryHandler<ListOldFilters> {
  constructor(private readonly store: OldCatalogueStore) {}

  async execute({ query }: ListOldFilters): Promise<Success<OldFilter[]>> {
    const { cars } = await modelCars(this.store, query.catalogId, query.modelId);
    return ok(filtersOf(cars, parseParameter(query.parameter)));
  }
}
