import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, t, type FindCatalogsByOemQuery, type FindVehicleByOemQuery, type Success } from '@tuerca/contracts';
import { DomainError, ValidationError, ok, type Visitor } from '@tuerca/platform';
import { SearchRecorder } from '../searches/search-recorder.js';
import { SsdCodec } from '../ssd.js';
import { MeteredSubstitutions } from '../substitutions/metered-substitutions.js';
import { referenceOrThrow } from '../substitutions/get-substitutions.command.js';
import { OemReader } from './oem.reader.js';

export const unitImageUrl = (unitId: string) => `/api/catalogo/catalogV2/units/${encodeURIComponent(unitId)}/image.svg`;

/** findCatalogsByOem (spec 001 §7): the catalogues with the part, its images and — metered — its substitutions. */
export class FindCatalogsByOem extends Command<Success<unknown>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: FindCatalogsByOemQuery,
  ) {
    super();
  }
}

/** findVehicleByOem: a catalogue's vehicles with the part, or its substitutions and the other makes that have it. */
export class FindVehicleByOem extends Command<Success<unknown>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: FindVehicleByOemQuery,
  ) {
    super();
  }
}

@CommandHandler(FindCatalogsByOem)
export class FindCatalogsByOemHandler implements ICommandHandler<FindCatalogsByOem> {
  constructor(
    private readonly reader: OemReader,
    private readonly substitutions: MeteredSubstitutions,
    private readonly searches: SearchRecorder,
  ) {}

  async execute({ visitor, query }: FindCatalogsByOem) {
    const started = Date.now();
    const oem = referenceOrThrow(query.oem);
    const [parts, subs] = await Promise.all([
      query.noSearchOem ? null : this.reader.partsByOem(oem, query.searchOemAtTheEnd),
      query.searchSubstitutions ? this.substitutions.within(visitor, oem) : { groups: [], denial: null },
    ]);
    const catalogs = parts?.catalogs ?? [];
    this.searches.record(visitor, {
      kind: 'oem',
      query: oem,
      catalogCode: catalogs.length === 1 ? catalogs[0]!.code : null,
      resultCount: catalogs.length + subs.groups.length,
      started,
    });
    if (catalogs.length === 0 && subs.groups.length === 0)
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('oem.notFound', { n: query.oem.trim() })]);
    const data = {
      oem: parts?.oem ?? subs.groups[0]?.formattedOem ?? oem,
      name: parts?.name ?? subs.groups[0]?.replacements[0]?.part.name ?? '',
      catalogs,
      substitutions: subs.groups,
      images: (parts?.unitIds ?? []).map(unitImageUrl),
    };
    // spec 001 §8: not in any catalogue, but substitutions exist for other manufacturers.
    const messages = catalogs.length === 0 ? [t('oem.notFound', { n: query.oem.trim() }), t('oem.otherManufacturers')] : [];
    return ok(data, { messages, substitutionsDenial: subs.denial });
  }
}

@CommandHandler(FindVehicleByOem)
export class FindVehicleByOemHandler implements ICommandHandler<FindVehicleByOem> {
  constructor(
    private readonly reader: OemReader,
    private readonly substitutions: MeteredSubstitutions,
    private readonly searches: SearchRecorder,
    private readonly ssd: SsdCodec,
  ) {}

  async execute({ visitor, query }: FindVehicleByOem) {
    const started = Date.now();
    const catalogCode = query.catalogCode;
    if (!catalogCode) throw new ValidationError([t('validation.required')], [{ path: 'catalogCode', message: t('validation.required') }]);
    const oem = referenceOrThrow(query.oem);
    if (!(await this.reader.catalogExists(catalogCode)))
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('oem.unknownCatalog', { code: catalogCode })]);
    const vehicles = query.noSearchOem ? [] : await this.reader.vehiclesByOem(catalogCode, oem);
    if (vehicles.length > 0) {
      this.searches.record(visitor, { kind: 'oem', query: oem, catalogCode, resultCount: vehicles.length, started });
      return ok(
        vehicles.map((v) => ({
          brand: v.brand,
          name: v.name,
          vehicleId: v.vehicleId,
          ssd: this.ssd.encode({ c: v.catalog, v: v.vehicleId, u: v.unitId }),
          catalog: v.catalog,
          attributes: v.attributes,
        })),
      );
    }
    const subs = await this.substitutions.within(visitor, oem);
    const others = (await this.reader.partsByOem(oem, false))?.catalogs.filter((c) => c.code !== catalogCode) ?? [];
    this.searches.record(visitor, { kind: 'oem', query: oem, catalogCode, resultCount: 0, started });
    if (subs.groups.length === 0 && others.length === 0)
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [
        t('oem.notFound', { n: query.oem.trim() }),
        t('oem.notInVehicle', { n: query.oem.trim() }),
      ]);
    return ok(
      { substitutions: subs.groups, otherManufacturers: others },
      { messages: [t('oem.notFound', { n: query.oem.trim() }), t('oem.otherManufacturers')], substitutionsDenial: subs.denial },
    );
  }
}
