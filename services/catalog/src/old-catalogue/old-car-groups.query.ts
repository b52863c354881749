import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  t,
  type CatalogLanguage,
  type OldGroupsQuery,
  type OldPartsData,
  type OldPartsQuery,
  type OldSubGroupsQuery,
  type Success,
} from '@tuerca/contracts';
import { NotFoundError, ok, type Visitor } from '@tuerca/platform';
import { OldCarAccess, oldQuotaMetadata } from './old-car-access.js';
import { nameOf, positionsOf, type OldVehicleRow } from './old-catalogue.rules.js';
import { OldCatalogueStore, diagramUrl, type OldCategoryRow, type OldUnitRow } from './old-catalogue.store.js';

type Metadata = ReturnType<typeof oldQuotaMetadata>;
type Group = { id: string; name: string };
type SubGroup = { id: string; name: string; code: string; img: string };

/**
 * The old generation's groups are the top categories of the version 2 tree that hold diagrams of the car;
 * its subgroups are those diagrams (units), shown as image tiles. Both read the same tables version 2 reads.
 */
async function carTree(store: OldCatalogueStore, car: OldVehicleRow) {
  const categories = await store.categories();
  const units = await store.units(car);
  const byKey = new Map(categories.map((c) => [c.key, c]));
  const topOf = (key: string): OldCategoryRow | undefined => {
    let c = byKey.get(key);
    while (c?.parentKey) c = byKey.get(c.parentKey);
    return c;
  };
  const groups = categories
    .filter((c) => c.parentKey === null)
    .map((g) => ({ group: g, units: units.filter((u) => topOf(u.categoryKey)?.key === g.key) }))
    .filter((g) => g.units.length > 0);
  return { groups, units };
}

const presentSubGroup = (u: OldUnitRow, language: CatalogLanguage, translated: ReadonlyMap<string, string>): SubGroup => ({
  id: u.unitId,
  name: nameOf(language, u, translated),
  code: u.code,
  img: diagramUrl(u.unitId),
});

/** groups (catalogId, carId, criteria): metered; guests only with a VIN search's criteria. */
export class ListOldGroups extends Query<Success<Group[], Metadata>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: OldGroupsQuery,
  ) {
    super();
  }
}

@QueryHandler(ListOldGroups)
export class ListOldGroupsHandler implements IQueryHandler<ListOldGroups> {
  constructor(
    private readonly store: OldCatalogueStore,
    private readonly access: OldCarAccess,
  ) {}

  async execute({ visitor, query }: ListOldGroups) {
    const { car, status } = await this.access.open(visitor, query, true);
    const { groups } = await carTree(this.store, car);
    const translated = await this.store.translations(query.language);
    return ok(
      groups.map((g) => ({ id: g.group.categoryId, name: nameOf(query.language, g.group, translated) })),
      oldQuotaMetadata(status),
    );
  }
}

/** subGroupsBatch (catalogId, carId, groupId[,groupId…], catalogParams, criteria): the diagrams of each group asked. */
export class ListOldSubGroups extends Query<Success<{ groupId: string; name: string; subGroups: SubGroup[] }[], Metadata>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: OldSubGroupsQuery,
  ) {
    super();
  }
}

@QueryHandler(ListOldSubGroups)
export class ListOldSubGroupsHandler implements IQueryHandler<ListOldSubGroups> {
  constructor(
    private readonly store: OldCatalogueStore,
    private readonly access: OldCarAccess,
  ) {}

  async execute({ visitor, query }: ListOldSubGroups) {
    const { car, status } = await this.access.open(visitor, query, true);
    const { groups } = await carTree(this.store, car);
    const translated = await this.store.translations(query.language);
    const answer = query.groupId.map((id) => {
      const g = groups.find((x) => x.group.categoryId === id);
      if (!g) throw new NotFoundError(t('catalogOld.groupNotFound'));
      return {
        groupId: id,
        name: nameOf(query.language, g.group, translated),
        subGroups: g.units.map((u) => presentSubGroup(u, query.language, translated)),
      };
    });
    return ok(answer, oldQuotaMetadata(status));
  }
}

/**
 * parts (catalogId, carId, groupId or subGroupId, criteria): spec 001 §3 "partGroups (name, description, parts),
 * positions (number; x, y, width, height; parts; repeat flag), parts (positionNumber, number, name,
 * description), img". A subgroup answers its diagram and positions; a whole group answers a part group per
 * diagram, without positions (no single image). Logged-in people only (spec 001 §2 "The subgroup (parts)
 * route requires login").
 */
export class GetOldParts extends Query<Success<OldPartsData, Metadata>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: OldPartsQuery,
  ) {
    super();
  }
}

@QueryHandler(GetOldParts)
export class GetOldPartsHandler implements IQueryHandler<GetOldParts> {
  constructor(
    private readonly store: OldCatalogueStore,
    private readonly access: OldCarAccess,
  ) {}

  async execute({ visitor, query }: GetOldParts) {
    const { car, status } = await this.access.open(visitor, query, false);
    const { groups, units: all } = await carTree(this.store, car);
    let units = all;
    if (query.groupId) {
      const g = groups.find((x) => x.group.categoryId === query.groupId);
      if (!g) throw new NotFoundError(t('catalogOld.groupNotFound'));
      units = g.units;
    }
    if (query.subGroupId) {
      units = units.filter((u) => u.unitId === query.subGroupId);
      if (units.length === 0) throw new NotFoundError(t('catalogOld.subGroupNotFound'));
    }
    const show = status.canShowPartNumbers;
    const parts = await this.store.parts(units.map((u) => u.unitId));
    const translated = await this.store.translations(query.language);
    const partGroups = units.map((u) => ({
      subGroupId: u.unitId,
      name: nameOf(query.language, u, translated),
      description: u.code,
      parts: parts
        .filter((p) => p.unitId === u.unitId)
        .map((p) => ({
          positionNumber: p.codeOnImage,
          // spec 001 §9: part numbers only within the free-showing threshold or with consultations available.
          number: show ? p.oem : null,
          name: nameOf(query.language, p, translated),
          description: `${t('catalog.quantity')}: ${p.amount}`,
          amount: p.amount,
        })),
    }));
    const single = query.subGroupId ? units[0]! : null;
    const positions = single ? positionsOf(await this.store.imageMap(single.unitId), parts, query.language, show, translated) : [];
    return ok({ partGroups, positions, img: single ? diagramUrl(single.unitId) : null }, oldQuotaMetadata(status));
  }
}
