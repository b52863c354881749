import type { catalogBrowseRoutes, catalogLookupRoutes, RouteResponse } from '@tuerca/contracts';

/**
 * The catalogue's answers, typed from the route contracts the catalogue service is bound to
 * (`@tuerca/contracts` catalogBrowseRoutes / catalogLookupRoutes) — never retyped here.
 */
type Browse = typeof catalogBrowseRoutes;
type Lookup = typeof catalogLookupRoutes;

export type CatalogV2 = RouteResponse<Browse['getCatalog']>['data'];
export type ModelsAnswer = RouteResponse<Browse['models']>['data'];
export type VehiclesAnswer = RouteResponse<Browse['vehicles']>['data'];
export type CatalogVehicle = VehiclesAnswer['vehicles'][number];
export type GroupsAnswer = RouteResponse<Browse['groups']>['data'];
export type Unit = GroupsAnswer['units'][number];
export type QuickGroupsAnswer = RouteResponse<Browse['quickGroups']>['data'];
export type QuickDetailAnswer = RouteResponse<Browse['listQuickDetail']>['data'];
export type UnitPartsAnswer = RouteResponse<Browse['parts']>['data'];
export type UnitPart = UnitPartsAnswer['parts'][number];
export type FindPartAnswer = RouteResponse<Browse['findPartInVehicle']>['data'];
export type OemCatalogs = RouteResponse<Lookup['findCatalogsByOem']>['data'];
export type SubstitutionGroup = RouteResponse<Lookup['getSubstitutions']>['data'][number];
type ByOem = RouteResponse<Lookup['findVehicleByOem']>['data'];
export type OemVehicle = Extract<ByOem, unknown[]>[number];
export type OtherManufacturers = Exclude<ByOem, unknown[]>;

export const amountOf = (p: Pick<UnitPart, 'attributes'>) => p.attributes.find((a) => a.name === 'amount')?.value ?? '';
