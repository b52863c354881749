import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OldVinQuery, OldVinResult, Success } from '@tuerca/contracts';
import { ok, type Visitor } from '@tuerca/platform';
import { SearchRecorder } from '../searches/search-recorder.js';
import type { IndexedVehicle } from '../vin/catalogue-vehicles.index.js';
import { notFoundError } from '../vin/vin-answer.js';
import { VinResolver } from '../vin/vin-resolver.js';
import { VehicleTokens } from '../vin/vehicle-tokens.js';
import { OldCarAccess } from './old-car-access.js';
import { carIdOf, modelIdOf } from './old-catalogue.rules.js';
import { OldCatalogueStore } from './old-catalogue.store.js';

type Answer = Success<OldVinResult, Record<string, unknown>>;

/**
 * vehicleForVinOrFrame (spec 001 §3 "Vehicle search result: brand, catalogId, modelName, modelId, carId,
 * criteria"): the same resolution as version 2's lookup (the catalogue's VIN and frame index first, then the
 * VIN's ranked candidates), in the old generation's shape, recorded as CatalogSearched with generation 'old'.
 * The criteria opens the car's groups to a guest (the q+criteria bypass).
 */
export class LookupOldVehicle extends Command<Answer> {
  constructor(
    readonly visitor: Visitor,
    readonly query: OldVinQuery,
  ) {
    super();
  }
}

@CommandHandler(LookupOldVehicle)
export class LookupOldVehicleHandler implements ICommandHandler<LookupOldVehicle> {
  constructor(
    private readonly resolver: VinResolver,
    private readonly tokens: VehicleTokens,
    private readonly searches: SearchRecorder,
    private readonly store: OldCatalogueStore,
    private readonly access: OldCarAccess,
  ) {}

  async execute({ visitor, query }: LookupOldVehicle): Promise<Answer> {
    const started = Date.now();
    const asked = await this.tokens.read(query.vinOrFrame);
    const resolution = await this.resolver.resolve(asked.input, visitor.user?.country ?? null);
    const found: { v: IndexedVehicle; exact: boolean }[] =
      resolution.kind === 'exact'
        ? resolution.vehicles.map((v) => ({ v, exact: true }))
        : resolution.kind === 'candidates'
          ? resolution.candidates.map((c) => ({ v: c.vehicle, exact: false }))
          : [];
    const catalogIds = new Map((await this.store.catalogs()).map((c) => [c.code, c.catalogId]));
    const list: OldVinResult = found.map(({ v, exact }) => ({
      brand: v.brand,
      catalogId: catalogIds.get(v.catalogCode) ?? '',
      modelName: v.model,
      modelId: modelIdOf(v.catalogCode, v.model),
      carId: carIdOf({ catalog: v.catalogCode, name: v.name, market: v.market }),
      // Only an exact answer seals the VIN in (as version 2's ssd): a candidate is not known to be this VIN's car.
      criteria: this.access.criteriaFor(v.catalogCode, v.vehicleId, exact ? asked.vin : null, asked.viaToken),
      name: `${v.brand} ${v.name}`,
      exact,
    }));
    const catalogs = new Set(found.map((f) => f.v.catalogCode));
    this.searches.record(visitor, {
      kind: asked.input.kind,
      query: asked.recorded,
      catalogCode: catalogs.size === 1 ? found[0]!.v.catalogCode : null,
      resultCount: list.length,
      started,
      vinAnswer: asked.input.kind === 'vin' ? resolution.kind : undefined,
      generation: 'old',
    });
    if (list.length === 0) throw notFoundError(resolution, asked, asked.input.kind === 'frame');
    return ok(list, { answer: resolution.kind === 'exact' ? 'exact' : 'candidates' });
  }
}
