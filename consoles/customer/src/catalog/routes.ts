import { useLocation } from 'react-router';

export const V2 = '/catalogo/catalog/v2';

/** A route segment written as key=value pairs joined by & (001 §2), encoded value by value. */
export function segment(values: Record<string, string | null | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
    .join('&');
}

/** The raw (still encoded) path segments after /catalogo/catalog/v2/, each parsed as key=value pairs. */
export function useV2Segments(): URLSearchParams[] {
  const { pathname } = useLocation();
  const rest = pathname.startsWith(V2) ? pathname.slice(V2.length) : '';
  return rest
    .split('/')
    .filter(Boolean)
    .map((s) => new URLSearchParams(s.replace(/\+/g, '%2B')));
}

export interface VehicleRoute {
  catalogCode: string;
  ssd: string;
  model: string;
  vehicleName: string;
  vehicleId: string;
  vin: string | null;
  cid: string | null;
  gid: string | null;
  unitId: string | null;
  unitSsd: string | null;
}

export function useVehicleRoute(): VehicleRoute {
  const [cat, model, vehicle, group] = useV2Segments();
  return {
    catalogCode: cat?.get('catalog') ?? '',
    model: model?.get('m') ?? '',
    ssd: model?.get('ssd') ?? '',
    vehicleName: vehicle?.get('v') ?? '',
    vehicleId: vehicle?.get('vid') ?? '',
    vin: vehicle?.get('q') ?? null,
    cid: vehicle?.get('cid') ?? null,
    gid: vehicle?.get('gid') ?? null,
    unitId: group?.get('uid') ?? null,
    unitSsd: group?.get('ssd') ?? null,
  };
}

/** 'A vehicle found by VIN opens at catalog={catalog}/m=&ssd={ssd}/v={vehicle name}&vid={vehicleId}, with &q={VIN}'. */
export function vehiclePath(
  v: { catalog: string; ssd: string; name: string; vehicleId: string; vin?: string | null },
  extra: Record<string, string | null> = {},
) {
  return `${V2}/${segment({ catalog: v.catalog })}/${segment({ m: '', ssd: v.ssd })}/${segment({ v: v.name, vid: v.vehicleId, q: v.vin ?? null, ...extra })}`;
}

export function unitPath(r: VehicleRoute, unit: { unitId: string; ssd: string; name?: string }) {
  return `${vehiclePath({ catalog: r.catalogCode, ssd: r.ssd, name: r.vehicleName, vehicleId: r.vehicleId, vin: r.vin })}/${segment({ uid: unit.unitId, ssd: unit.ssd })}`;
}

/** The page URL as the catalogue calls want it: '&' replaced by '|' (001 §7 parts). */
export function catalogUrl(pathname: string): string {
  return pathname.replace(/&/g, '|');
}

/** The current page's catalogUrl. */
export function useCatalogUrl(): string {
  return catalogUrl(useLocation().pathname);
}
