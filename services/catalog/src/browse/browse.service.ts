import { Injectable } from '@nestjs/common';
import {
  maskIdentityNumber,
  t,
  type CatalogQuery,
  type Category,
  type FindPartQuery,
  type GroupsQuery,
  type MeterStatus,
  type MeterSubject,
  type PartsQuery,
  type QuickDetailQuery,
  type QuickGroup,
  type VehicleQuery,
  type VehiclesQuery,
} from '@tuerca/contracts';
import { MeteringClient, NotFoundError, actorOf, ok, type Visitor } from '@tuerca/platform';
import type { SsdState } from '../ssd.js';
import { VinResolver } from '../vin/vin-resolver.js';
import { VehicleTokens } from '../vin/vehicle-tokens.js';
import {
  AUTOMATIC_KEYS,
  BrowseReader,
  FILTER_KEYS,
  MODEL_FILTER,
  UNIT_IMAGE_PATH,
  attributeOf,
  modelOf,
  type CatalogNames,
  type CatalogRow,
  type PartRow,
  type UnitRow,
  type VehicleRow,
} from './browse.reader.js';

/** spec 001 §3 "Quota metadata": the counters the console shows next to a metered catalogue call. */
export function quotaMetadata(s: MeterStatus) {
  return {
    searchesPerformed: s.searchesPerformed,
    consultationsAvailable: s.consultationsAvailable,
    generalInquiriesAvailable: s.generalInquiriesAvailable,
    loginPrompt: s.loginPrompt,
    canShowPartNumbers: s.canShowPartNumbers,
  };
}

/**
 * spec 001 §7: the page URL is sent with '&' replaced by '|'. Kept only when it is one of the catalogue's own
 * pages (a relative path under /catalogo/catalog/), so it can be shown or linked back without becoming an
 * open redirect.
 */
export function catalogPageUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  const url = raw.replace(/\|/g, '&');
  return /^\/catalogo\/catalog\/[^\s]*$/.test(url) && !url.startsWith('//') ? url : null;
}

/**
 * Version 2 catalogue browsing (spec 001 §3, §7): catalogues, models, vehicles with filters, and — metered
 * as a catalogue consultation of the vehicle, 12-hour window (billing's rules) — groups, quick groups,
 * unit parts and the search within a vehicle.
 */
@Injectable()
export class BrowseService {
  constructor(
    private readonly reader: BrowseReader,
    private readonly metering: MeteringClient,
    private readonly resolver: VinResolver,
    private readonly tokens: VehicleTokens,
  ) {}

  private presentCatalog(c: CatalogRow) {
    return { code: c.code, brand: c.brand, name: c.name, features: c.features.map((name) => ({ name })) };
  }

  private vehicleSsd(v: VehicleRow, state: SsdState): string {
    const vin = state.v === v.vehicle_id ? state.vin : undefined;
    return this.reader.ssd.encode({ c: v.catalog_code, v: v.vehicle_id, ...(vin ? { vin, ...(state.m ? { m: state.m } : {}) } : {}) });
  }

  private presentVehicle(v: VehicleRow, state: SsdState) {
    return {
      brand: v.brand,
      name: v.name,
      vehicleId: v.vehicle_id,
      ssd: this.vehicleSsd(v, state),
      // A VIN that came in a vehicle token is never shown whole (privacy of a plate lookup).
      vehicleVIN: state.v === v.vehicle_id && state.vin ? (state.m ? maskIdentityNumber(state.vin) : state.vin) : null,
      catalog: v.catalog_code,
      attributes: v.attributes,
    };
  }

  private presentUnit(u: UnitRow, v: VehicleRow, state: SsdState, names: CatalogNames) {
    const url = UNIT_IMAGE_PATH(u.unit_id);
    const vin = state.v === v.vehicle_id ? state.vin : undefined;
    return {
      unitId: u.unit_id,
      name: names.of(u),
      code: u.code,
      imageUrl: url,
      largeImageUrl: url,
      ssd: this.reader.ssd.encode({
        c: v.catalog_code,
        v: v.vehicle_id,
        u: u.unit_id,
        ...(vin ? { vin, ...(state.m ? { m: state.m } : {}) } : {}),
      }),
    };
  }

  private presentPart(p: PartRow, names: CatalogNames, state: SsdState, v: VehicleRow, showNumbers: boolean) {
    return {
      codeOnImage: p.code_on_image,
      // spec 001 §9: part numbers only within the free-showing threshold or with consultations available.
      oem: showNumbers ? p.oem : null,
      name: names.of(p),
      // The part fits this exact vehicle: the vehicle was reached by its VIN.
      match: Boolean(state.vin) && state.v === v.vehicle_id,
      attributes: [{ name: 'amount', value: String(p.amount) }],
    };
  }

  /** authorize (billing's 401s), then consume: a fresh request id; the 12-hour window makes repeats free. */
  private async meter(visitor: Visitor, v: VehicleRow): Promise<MeterStatus> {
    const actor = actorOf(visitor);
    const who: MeterSubject = { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
    await this.metering.authorize({ kind: 'catalog', who, subject: v.vehicle_id });
    const consumed = await this.metering.consume({ kind: 'catalog', who, subject: v.vehicle_id, requestId: visitor.requestId });
    return consumed.status;
  }

  /**
   * The vehicle a call is about, and how it was reached: a VIN in the ssd, or the spec's `q` naming this exact
   * vehicle in the catalogue's index, makes its parts `match`; `vehicleName` and `catalogUrl` describe the page.
   */
  private async open(visitor: Visitor, q: VehicleQuery, unitId?: string) {
    const catalog = await this.reader.catalog(q.catalogCode);
    let state = this.reader.state(q.ssd, q.catalogCode, q.vehicleId, unitId);
    const vehicle = await this.reader.vehicle(q.catalogCode, q.vehicleId);
    const asked = state.vin ? null : await this.tokens.vinOf(q.q);
    if (asked && (await this.resolver.exactVehicleIds(asked.vin)).includes(vehicle.vehicle_id))
      state = { ...state, v: vehicle.vehicle_id, vin: asked.vin, ...(asked.viaToken ? { m: 1 as const } : {}) };
    const page = {
      vehicleName: q.vehicleName?.trim() || `${vehicle.brand} ${vehicle.name}`,
      catalogUrl: catalogPageUrl(q.catalogUrl),
      vinMatch: Boolean(state.vin) && state.v === vehicle.vehicle_id,
    };
    return { catalog, state, vehicle, visitor, page };
  }

  async catalogs() {
    return ok((await this.reader.catalogs()).map((c) => this.presentCatalog(c)));
  }

  async getCatalog(q: CatalogQuery) {
    return ok(this.presentCatalog(await this.reader.catalog(q.catalogCode)));
  }

  async models(q: CatalogQuery) {
    const catalog = await this.reader.catalog(q.catalogCode);
    const names = [...new Set((await this.reader.vehicles(catalog.code)).map(modelOf))].sort((a, b) => a.localeCompare(b, 'es'));
    const options = names.map((name) => ({ key: this.reader.ssd.encode({ c: catalog.code, f: { [MODEL_FILTER]: name } }), value: name }));
    return ok({ catalog: catalog.code, models: [{ name: MODEL_FILTER, options }] });
  }

  async vehicles(q: VehiclesQuery) {
    const catalog = await this.reader.catalog(q.catalogCode);
    const state = this.reader.state(q.ssd, catalog.code);
    const all = await this.reader.vehicles(catalog.code);
    // A VIN sets the model, year and engine of its vehicle: automatic filters.
    const vinVehicle = state.vin && state.v ? all.find((v) => v.vehicle_id === state.v) : undefined;
    const automatic: Record<string, string> = {};
    if (vinVehicle) for (const k of AUTOMATIC_KEYS) automatic[k] = attributeOf(vinVehicle, k) ?? '';
    const chosen: Record<string, string> = { ...(state.f ?? {}), ...automatic };
    const matches = (v: VehicleRow, except?: string) =>
      Object.entries(chosen).every(([k, value]) => k === except || attributeOf(v, k) === value);
    const base: SsdState = { c: catalog.code, ...(vinVehicle ? { v: state.v, vin: state.vin, ...(state.m ? { m: state.m } : {}) } : {}) };
    const encodeWith = (f: Record<string, string>) => {
      const own = Object.fromEntries(Object.entries(f).filter(([k]) => !(k in automatic)));
      return this.reader.ssd.encode({ ...base, ...(Object.keys(own).length ? { f: own } : {}) });
    };
    const filters = FILTER_KEYS.map((key) => {
      const values = [
        ...new Set(
          all
            .filter((v) => matches(v, key))
            .map((v) => attributeOf(v, key))
            .filter((x): x is string => x !== null),
        ),
      ].sort((a, b) => a.localeCompare(b, 'es', { numeric: true }));
      const without = Object.fromEntries(Object.entries(chosen).filter(([k]) => k !== key));
      return {
        name: key,
        key,
        value: chosen[key] ?? null,
        options: values.map((value) => ({ key: encodeWith({ ...chosen, [key]: value }), value })),
        automatic: key in automatic,
        ssd: key in automatic ? encodeWith(chosen) : encodeWith(without),
      };
    });
    const vehicles = all.filter((v) => matches(v)).map((v) => this.presentVehicle(v, state));
    return ok({ catalog: catalog.code, vehicles, filters });
  }

  private categoryTree(rows: Awaited<ReturnType<BrowseReader['categories']>>, units: UnitRow[], ssd: string, names: CatalogNames) {
    const withUnits = new Set(units.map((u) => u.category_key));
    const children = new Map<string | null, typeof rows>();
    for (const r of rows) children.set(r.parent_key, [...(children.get(r.parent_key) ?? []), r]);
    const build = (parent: string | null): Category[] =>
      (children.get(parent) ?? []).flatMap((r) => {
        const childrens = build(r.key);
        if (childrens.length === 0 && !withUnits.has(r.key)) return [];
        return [{ categoryId: r.category_id, name: names.of(r), ssd, childrens }];
      });
    return build(null);
  }

  async groups(visitor: Visitor, q: GroupsQuery) {
    const { catalog, state, vehicle, page } = await this.open(visitor, q);
    const rows = await this.reader.categories();
    let units = await this.reader.units(vehicle);
    if (q.cid) {
      const root = rows.find((r) => r.category_id === q.cid);
      if (!root) throw new NotFoundError(t('catalogV2.categoryNotFound'));
      const keys = new Set([root.key]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const r of rows) {
          if (r.parent_key && keys.has(r.parent_key) && !keys.has(r.key)) {
            keys.add(r.key);
            grew = true;
          }
        }
      }
      units = units.filter((u) => keys.has(u.category_key));
    }
    const status = await this.meter(visitor, vehicle);
    const names = await this.reader.names(q.language);
    const presented = units.map((u) => this.presentUnit(u, vehicle, state, names));
    if (q.loadOnlyUnits === '1') return ok({ units: presented }, { ...quotaMetadata(status), ...page, ...names.metadata() });
    const all = q.cid ? await this.reader.units(vehicle) : units;
    const categories = this.categoryTree(rows, all, this.vehicleSsd(vehicle, state), names);
    return ok(
      { categories, units: presented, vehicle: this.presentVehicle(vehicle, state), catalog: this.presentCatalog(catalog) },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }

  async quickGroups(visitor: Visitor, q: VehicleQuery) {
    const { catalog, state, vehicle, page } = await this.open(visitor, q);
    const types = await this.reader.partTypes(vehicle);
    const rows = await this.reader.quickGroups();
    const status = await this.meter(visitor, vehicle);
    const names = await this.reader.names(q.language);
    const children = new Map<string | null, typeof rows>();
    for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
    const build = (parent: string | null): QuickGroup[] =>
      (children.get(parent) ?? []).flatMap((r) => {
        const childGroups = build(r.quick_group_id);
        if (childGroups.length === 0 && !r.part_types.some((x) => types.has(x))) return [];
        return [{ quickGroupId: r.quick_group_id, name: names.of(r), childGroups }];
      });
    return ok(
      { quickGroups: build(null), vehicle: this.presentVehicle(vehicle, state), catalog: this.presentCatalog(catalog) },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }

  /** Parts grouped by category and unit (spec 001 §3 "Category: name, units[]"; "Unit: … parts[]"). */
  private async byCategory(parts: PartRow[], vehicle: VehicleRow, state: SsdState, names: CatalogNames, showNumbers: boolean) {
    const units = await this.reader.unitsById([...new Set(parts.map((p) => p.unit_id))]);
    const categories = await this.reader.categories();
    const out: {
      categoryId: string;
      name: string;
      units: (ReturnType<BrowseService['presentUnit']> & { parts: ReturnType<BrowseService['presentPart']>[] })[];
    }[] = [];
    for (const c of categories) {
      const inCategory = units.filter((u) => u.category_id === c.category_id);
      if (inCategory.length === 0) continue;
      out.push({
        categoryId: c.category_id,
        name: names.of(c),
        units: inCategory.map((u) => ({
          ...this.presentUnit(u, vehicle, state, names),
          parts: parts.filter((p) => p.unit_id === u.unit_id).map((p) => this.presentPart(p, names, state, vehicle, showNumbers)),
        })),
      });
    }
    return out;
  }

  async listQuickDetail(visitor: Visitor, q: QuickDetailQuery) {
    const { catalog, state, vehicle, page } = await this.open(visitor, q);
    const rows = await this.reader.quickGroups();
    const group = rows.find((r) => r.quick_group_id === q.groupId);
    if (!group) throw new NotFoundError(t('catalogV2.quickGroupNotFound'));
    const ids = new Set([group.quick_group_id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of rows) {
        if (r.parent_id && ids.has(r.parent_id) && !ids.has(r.quick_group_id)) {
          ids.add(r.quick_group_id);
          grew = true;
        }
      }
    }
    const types = [...new Set(rows.filter((r) => ids.has(r.quick_group_id)).flatMap((r) => r.part_types))];
    const status = await this.meter(visitor, vehicle);
    const parts = await this.reader.partsOfTypes(vehicle, types);
    const names = await this.reader.names(q.language);
    return ok(
      {
        quickGroup: { quickGroupId: group.quick_group_id, name: names.of(group) },
        categories: await this.byCategory(parts, vehicle, state, names, status.canShowPartNumbers),
        vehicle: this.presentVehicle(vehicle, state),
        catalog: this.presentCatalog(catalog),
      },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }

  async parts(visitor: Visitor, q: PartsQuery) {
    const { catalog, state, vehicle, page } = await this.open(visitor, q, q.unitId);
    const unit = await this.reader.unit(vehicle, q.unitId);
    const status = await this.meter(visitor, vehicle);
    const parts = await this.reader.unitParts(unit.unit_id);
    const names = await this.reader.names(q.language);
    return ok(
      {
        unitInfo: { name: names.of(unit), largeImageUrl: UNIT_IMAGE_PATH(unit.unit_id) },
        imageMap: unit.image_map.map((m) => ({ code: m.code, x1: m.x1, y1: m.y1, x2: m.x2, y2: m.y2 })),
        parts: parts.map((p) => this.presentPart(p, names, state, vehicle, status.canShowPartNumbers)),
        vehicle: this.presentVehicle(vehicle, state),
        catalog: this.presentCatalog(catalog),
      },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }

  async findPartInVehicle(visitor: Visitor, q: FindPartQuery) {
    const { state, vehicle, page } = await this.open(visitor, q);
    const actor = actorOf(visitor);
    const who: MeterSubject = { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
    const before = await this.metering.authorize({ kind: 'catalog', who, subject: vehicle.vehicle_id });
    const parts = await this.reader.searchParts(vehicle, q.oemOrName);
    // spec 001 §9: no consultation is deducted when nothing is found.
    const status = parts.length
      ? (await this.metering.consume({ kind: 'catalog', who, subject: vehicle.vehicle_id, requestId: visitor.requestId })).status
      : before;
    const names = await this.reader.names(q.language);
    return ok(
      {
        vehicle: this.presentVehicle(vehicle, state),
        categories: await this.byCategory(parts, vehicle, state, names, status.canShowPartNumbers),
      },
      { ...quotaMetadata(status), ...page, ...names.metadata() },
    );
  }
}
