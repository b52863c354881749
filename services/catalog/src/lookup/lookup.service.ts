import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CatalogSearched,
  ErrorCodes,
  VinCatalogued,
  checkVin,
  normalizeFrame,
  t,
  type MeterStatus,
  type MeterSubject,
} from '@tuerca/contracts';
import {
  ContextDatabase,
  DomainError,
  MeteringClient,
  Page,
  ValidationError,
  actorOf,
  ok,
  recordEvent,
  type Visitor,
} from '@tuerca/platform';
import { SsdCodec } from '../ssd.js';
import { LookupReader, type VehicleRow } from './lookup.reader.js';
import type { FindCatalogsByOemQuery, FindVehicleByOemQuery, ManySubstitutionsQuery, VinOrFrameQuery } from './lookup.routes.js';
import { MAX_MANY_REFERENCES } from './lookup.routes.js';
import { normalizeReference, type SubstitutionGroup } from './substitutions.rules.js';
import { decodeVin } from './vin-decoder.js';
import { VpicDecoder } from './vpic.decoder.js';

/** At most this many catalogue vehicles answer a VIN that only the offline decoder recognises. */
export const MAX_DECODED_CANDIDATES = 20;

type SearchKind = 'vin' | 'frame' | 'oem' | 'substitutions';

interface SearchRecord {
  kind: SearchKind;
  query: string;
  catalogCode: string | null;
  resultCount: number;
  started: number;
  vin?: { vin: string; vehicles: VehicleRow[] };
}

export const unitImageUrl = (unitId: string) => `/api/catalogo/catalogV2/units/${encodeURIComponent(unitId)}/image.svg`;

/**
 * VIN and frame lookup, OEM drill-down and substitutions (spec 001 §7, §8; 000 §7, §8). Every search
 * served records CatalogSearched; a VIN lookup also records VinCatalogued (garage's read model).
 */
@Injectable()
export class LookupService {
  constructor(
    private readonly db: ContextDatabase,
    private readonly reader: LookupReader,
    private readonly ssd: SsdCodec,
    private readonly metering: MeteringClient,
    private readonly vpic: VpicDecoder,
  ) {}

  // ---- VIN and frame -------------------------------------------------------------------------------

  private vinOrThrow(raw: string): string {
    const check = checkVin(raw);
    if (!check.ok) {
      const messages = check.code === ErrorCodes.VIN_LENGTH ? [...check.messages, t('vin.mustHave17Detail')] : check.messages;
      throw new DomainError(400, check.code, messages);
    }
    return check.vin;
  }

  private vinResult(v: VehicleRow, foundBy: string, vin: string | null) {
    return {
      name: `${v.brand} ${v.name}`,
      vehicleId: v.vehicle_id,
      vehicleVIN: foundBy,
      catalog: v.catalog_code,
      ssd: this.ssd.encode({ c: v.catalog_code, v: v.vehicle_id, ...(vin ? { vin } : {}) }),
    };
  }

  async vehicleByVinOrFrame(visitor: Visitor, query: VinOrFrameQuery) {
    const started = Date.now();
    const frame = normalizeFrame(query.vinOrFrame);
    if (frame) {
      const vehicles = await this.reader.vehiclesByFrame(frame);
      await this.record(visitor, {
        kind: 'frame',
        query: frame,
        catalogCode: vehicles[0]?.catalog_code ?? null,
        resultCount: vehicles.length,
        started,
      });
      if (vehicles.length === 0)
        throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('vin.frameNotRegistered', { frame }), t('vin.notInCatalogs')]);
      return ok(vehicles.map((v) => this.vinResult(v, frame, null)));
    }
    const vin = this.vinOrThrow(query.vinOrFrame);
    const vehicles = await this.reader.vehiclesByVin(vin);
    if (vehicles.length > 0) {
      await this.record(visitor, {
        kind: 'vin',
        query: vin,
        catalogCode: vehicles[0]!.catalog_code,
        resultCount: vehicles.length,
        started,
        vin: { vin, vehicles },
      });
      return ok(
        vehicles.map((v) => this.vinResult(v, vin, vin)),
        { source: 'index', exact: true },
      );
    }
    // Not in the catalogue's own index: NHTSA vPIC (offline) gives make, model and year; the catalogue's
    // vehicles of that make and year are the candidates, those of that model first when it has them.
    // Their ssd carries no VIN (not an exact match, so no part is claimed to fit).
    const vpic = await this.vpic.decode(vin).catch(() => null);
    if (vpic) {
      const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
      const make = { key: vpic.make.toLowerCase().replace(/\s+/g, '-'), name: vpic.make };
      let found = await this.reader.vehiclesByMakeAndYear(make, vpic.year, MAX_DECODED_CANDIDATES);
      const model = vpic.model ? norm(vpic.model) : '';
      const sameModel = model ? found.filter((v) => norm(v.name).startsWith(model)) : [];
      if (sameModel.length > 0) found = sameModel;
      if (found.length > 0) {
        await this.record(visitor, {
          kind: 'vin',
          query: vin,
          catalogCode: found[0]!.catalog_code,
          resultCount: found.length,
          started,
          vin: { vin, vehicles: [] },
        });
        return ok(
          found.map((v) => this.vinResult(v, vin, null)),
          { source: 'vpic', make: vpic.make, model: vpic.model, year: vpic.year, modelMatched: sameModel.length > 0, exact: false },
        );
      }
    }
    // No vPIC answer (vehicles not homologated in the US): the WMI table's make and model year.
    const decoded = decodeVin(vin);
    const candidates =
      decoded.make && decoded.year !== null
        ? await this.reader.vehiclesByMakeAndYear(decoded.make, decoded.year, MAX_DECODED_CANDIDATES)
        : [];
    const catalogs = new Set(candidates.map((v) => v.catalog_code));
    await this.record(visitor, {
      kind: 'vin',
      query: vin,
      catalogCode: catalogs.size === 1 ? candidates[0]!.catalog_code : null,
      resultCount: candidates.length,
      started,
      vin: { vin, vehicles: [] },
    });
    if (candidates.length === 0)
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('vin.notRegistered', { vin }), t('vin.notInCatalogs')]);
    return ok(
      candidates.map((v) => this.vinResult(v, vin, null)),
      { source: 'decoded', make: decoded.make!.name, year: decoded.year, exact: false },
    );
  }

  async vinHasCatalog(raw: string) {
    const vin = this.vinOrThrow(raw);
    return ok((await this.reader.vehiclesByVin(vin)).length > 0);
  }

  async verifyVinForUser(raw: string) {
    const vin = this.vinOrThrow(raw);
    const vehicles = await this.reader.vehiclesByVin(vin);
    const first = vehicles[0];
    return ok({ vin, hasCatalog: first !== undefined, vehicle: first ? this.vinResult(first, vin, vin) : null });
  }

  // ---- OEM drill-down ------------------------------------------------------------------------------

  private oemOrThrow(raw: string): string {
    const oem = normalizeReference(raw);
    if (!oem)
      throw new DomainError(
        400,
        ErrorCodes.VALIDATION_FAILED,
        [t('search.enterPartNumberShort')],
        [{ path: 'oem', message: t('search.enterPartNumberShort') }],
      );
    return oem;
  }

  async findCatalogsByOem(visitor: Visitor, query: FindCatalogsByOemQuery) {
    const started = Date.now();
    const oem = this.oemOrThrow(query.oem);
    const parts = query.noSearchOem ? null : await this.reader.partsByOem(oem, query.searchOemAtTheEnd);
    const { groups: substitutions, denial } = query.searchSubstitutions
      ? await this.meteredSubstitutions(visitor, oem)
      : { groups: [], denial: null };
    const catalogs = parts?.catalogs ?? [];
    await this.record(visitor, {
      kind: 'oem',
      query: oem,
      catalogCode: catalogs.length === 1 ? catalogs[0]!.code : null,
      resultCount: catalogs.length + substitutions.length,
      started,
    });
    if (catalogs.length === 0 && substitutions.length === 0)
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('oem.notFound', { n: query.oem.trim() })]);
    const data = {
      oem: parts?.oem ?? substitutions[0]?.formattedOem ?? oem,
      name: parts?.name ?? substitutions[0]?.replacements[0]?.part.name ?? '',
      catalogs,
      substitutions,
      images: (parts?.unitIds ?? []).map(unitImageUrl),
    };
    // spec 001 §8: not in any catalogue, but substitutions exist for other manufacturers.
    const messages = catalogs.length === 0 ? [t('oem.notFound', { n: query.oem.trim() }), t('oem.otherManufacturers')] : [];
    return ok(data, { messages, substitutionsDenial: denial });
  }

  async findVehicleByOem(visitor: Visitor, query: FindVehicleByOemQuery) {
    const started = Date.now();
    const catalogCode = query.catalogCode;
    if (!catalogCode) throw new ValidationError([t('validation.required')], [{ path: 'catalogCode', message: t('validation.required') }]);
    const oem = this.oemOrThrow(query.oem);
    if (!(await this.reader.catalogExists(catalogCode)))
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('oem.unknownCatalog', { code: catalogCode })]);
    const vehicles = query.noSearchOem ? [] : await this.reader.vehiclesByOem(catalogCode, oem);
    if (vehicles.length > 0) {
      await this.record(visitor, { kind: 'oem', query: oem, catalogCode, resultCount: vehicles.length, started });
      return ok(
        vehicles.map((v) => ({
          brand: v.brand,
          name: v.name,
          vehicleId: v.vehicle_id,
          ssd: this.ssd.encode({ c: v.catalog_code, v: v.vehicle_id, u: v.unit_id }),
          catalog: v.catalog_code,
          attributes: v.attributes,
        })),
      );
    }
    const { groups: substitutions, denial } = await this.meteredSubstitutions(visitor, oem);
    const others = (await this.reader.partsByOem(oem, false))?.catalogs.filter((c) => c.code !== catalogCode) ?? [];
    await this.record(visitor, { kind: 'oem', query: oem, catalogCode, resultCount: 0, started });
    if (substitutions.length === 0 && others.length === 0)
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [
        t('oem.notFound', { n: query.oem.trim() }),
        t('oem.notInVehicle', { n: query.oem.trim() }),
      ]);
    return ok(
      { substitutions, otherManufacturers: others },
      { messages: [t('oem.notFound', { n: query.oem.trim() }), t('oem.otherManufacturers')], substitutionsDenial: denial },
    );
  }

  /**
   * Substitutions shown inside an OEM answer are a substitutions consultation like any other: they
   * appear only when metering allows (else `substitutionsDenial` names the code and none are shown),
   * and cost one only when some were found.
   */
  private async meteredSubstitutions(visitor: Visitor, reference: string): Promise<{ groups: SubstitutionGroup[]; denial: string | null }> {
    const who = this.who(visitor);
    const status = await this.metering.status({ kind: 'substitutions', who, subject: reference });
    if (!status.allowed) return { groups: [], denial: status.denial };
    const groups = await this.reader.substitutions(reference);
    if (groups.length === 0) return { groups, denial: null };
    try {
      await this.metering.consume({ kind: 'substitutions', who, subject: reference, requestId: randomUUID() });
    } catch (err) {
      // Another request of this person used the last free or paid consultation meanwhile.
      if (err instanceof DomainError && err.status < 500) return { groups: [], denial: err.code };
      throw err;
    }
    return { groups, denial: null };
  }

  // ---- Substitutions (metered) ---------------------------------------------------------------------

  private who(visitor: Visitor): MeterSubject {
    const actor = actorOf(visitor);
    return { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
  }

  async getSubstitutions(visitor: Visitor, raw: string) {
    const started = Date.now();
    const reference = this.oemOrThrow(raw);
    const who = this.who(visitor);
    await this.metering.authorize({ kind: 'substitutions', who, subject: reference });
    const groups = await this.reader.substitutions(reference);
    await this.record(visitor, { kind: 'substitutions', query: reference, catalogCode: null, resultCount: groups.length, started });
    // spec 000 §1: no consultation is deducted when nothing is found.
    if (groups.length === 0)
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('search.partNumberNotRegistered', { n: raw.trim() }), t('search.checkSpelling')]);
    const consumed = await this.metering.consume({ kind: 'substitutions', who, subject: reference, requestId: randomUUID() });
    return ok(groups, { ...quota(consumed.status), chargedFrom: consumed.chargedFrom });
  }

  async getManySubstitutions(visitor: Visitor, query: ManySubstitutionsQuery) {
    const started = Date.now();
    const raw = query.filter.references;
    const list = Array.isArray(raw) ? raw.filter((r): r is string => typeof r === 'string') : [];
    const references = [...new Set(list.map(normalizeReference).filter((r) => r.length > 0))];
    if (references.length === 0 || references.length > MAX_MANY_REFERENCES)
      throw new ValidationError(
        [t('substitutions.referencesRequired')],
        [{ path: 'filter.references', message: t('substitutions.referencesRequired') }],
      );
    const who = this.who(visitor);
    for (const subject of references) await this.metering.authorize({ kind: 'substitutions', who, subject });
    const all: SubstitutionGroup[] = [];
    let status: MeterStatus | null = null;
    for (const subject of references) {
      const groups = await this.reader.substitutions(subject);
      if (groups.length === 0) continue;
      all.push(...groups);
      status = (await this.metering.consume({ kind: 'substitutions', who, subject, requestId: randomUUID() })).status;
    }
    await this.record(visitor, {
      kind: 'substitutions',
      query: references.join(',').slice(0, 200),
      catalogCode: null,
      resultCount: all.length,
      started,
    });
    const from = query.page * query.pageSize;
    return new Page(all.slice(from, from + query.pageSize), all.length, query, status ? quota(status) : {});
  }

  // ---- Events ----------------------------------------------------------------------------------------

  private async record(visitor: Visitor, s: SearchRecord): Promise<void> {
    const actor = actorOf(visitor);
    await this.db.transactional(async (em) => {
      recordEvent(
        em,
        CatalogSearched,
        {
          kind: s.kind,
          query: s.query,
          personKind: visitor.user ? 'user' : 'guest',
          catalogCode: s.catalogCode,
          found: s.resultCount > 0,
          resultCount: s.resultCount,
          latencyMs: Math.max(0, Date.now() - s.started),
        },
        { aggregateId: `${s.kind}:${s.query}`, actor },
      );
      if (s.vin) {
        if (s.vin.vehicles.length === 0)
          recordEvent(
            em,
            VinCatalogued,
            { vin: s.vin.vin, hasCatalog: false, catalogCode: null, vehicleId: null },
            { aggregateId: s.vin.vin, actor },
          );
        for (const v of s.vin.vehicles)
          recordEvent(
            em,
            VinCatalogued,
            { vin: s.vin.vin, hasCatalog: true, catalogCode: v.catalog_code, vehicleId: v.vehicle_id },
            { aggregateId: s.vin.vin, actor },
          );
      }
      await em.flush();
    });
  }
}

function quota(status: MeterStatus) {
  return {
    searchesPerformed: status.searchesPerformed,
    consultationsAvailable: status.consultationsAvailable,
    generalInquiriesAvailable: status.generalInquiriesAvailable,
    loginPrompt: status.loginPrompt,
    freeRemaining: status.freeRemaining,
  };
}
