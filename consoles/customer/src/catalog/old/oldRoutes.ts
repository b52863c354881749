import { useLocation } from 'react-router';
import { OLD_CAR_CACHE_DAYS, type OldCar } from '@tuerca/contracts';
import { readLocal, writeLocal } from '../../app/storage';
import { segment } from '../routes';

/** The old-generation catalogue's routes (001 §2 "Old catalogue routes"). */
export const OLD = '/catalogo/catalog/index';

/** The raw segments after /catalogo/catalog/index/, each read as key=value pairs. */
export function useOldSegments(): URLSearchParams[] {
  const { pathname } = useLocation();
  const rest = pathname.startsWith(OLD) ? pathname.slice(OLD.length) : '';
  return rest
    .split('/')
    .filter(Boolean)
    .map((s) => new URLSearchParams(s.replace(/\+/g, '%2B')));
}

export interface OldRoute {
  catalogName: string;
  catalogId: string;
  modelName: string;
  modelId: string;
  /** 001 §2: "Extra values go to a parameter list, and a chosen filter is appended as &{filterKey}={idx}". */
  parameters: [string, string][];
  carId: string;
  /** The VIN the car was found by, and the criteria its search handed out: both let a guest in (001 §2). */
  q: string | null;
  criteria: string | null;
  groupName: string | null;
  groupId: string | null;
  subGroupName: string | null;
  subGroupId: string | null;
}

/**
 * 001 §2 parameter formats: catalogId is c={name}&catalogId={id}; modelId is m={name}&modelId={id}[&{key}={idx}…];
 * carId is carId={id}[&q={VIN}&criteria={criteria}][&g={group name}&groupId={id}]; subGroupId is sg={name}&subGroupId={id}.
 */
export function useOldRoute(): OldRoute {
  const [cat, model, car, sub] = useOldSegments();
  return {
    catalogName: cat?.get('c') ?? '',
    catalogId: cat?.get('catalogId') ?? '',
    modelName: model?.get('m') ?? '',
    modelId: model?.get('modelId') ?? '',
    parameters: model ? [...model.entries()].filter(([k]) => k !== 'm' && k !== 'modelId') : [],
    carId: car?.get('carId') ?? '',
    q: car?.get('q') ?? null,
    criteria: car?.get('criteria') ?? null,
    groupName: car?.get('g') ?? null,
    groupId: car?.get('groupId') ?? null,
    subGroupName: sub?.get('sg') ?? null,
    subGroupId: sub?.get('subGroupId') ?? null,
  };
}

/** The chosen filters as the `parameter` of the cars and filters calls: `{key}={idx}` pairs joined by '&'. */
export function parameterOf(r: Pick<OldRoute, 'parameters'>): string {
  return r.parameters
    .filter(([k, v]) => /^[a-z0-9_-]{1,40}$/.test(k) && /^\d{1,4}$/.test(v))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** 001 §2 "The groups route requires login unless the car segment carries both the q and criteria parameters". */
export const groupsNeedLogin = (r: Pick<OldRoute, 'q' | 'criteria'>) => !(r.q && r.criteria);

export const catalogSegment = (r: { catalogName: string; catalogId: string }) => segment({ c: r.catalogName, catalogId: r.catalogId });
export function modelSegment(r: { modelName: string; modelId: string; parameters?: [string, string][] }) {
  const base = segment({ m: r.modelName, modelId: r.modelId });
  const extra = (r.parameters ?? []).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return extra ? `${base}&${extra}` : base;
}
export function carSegment(r: {
  carId: string;
  q?: string | null;
  criteria?: string | null;
  groupName?: string | null;
  groupId?: string | null;
}) {
  return segment({
    carId: r.carId,
    ...(r.q && r.criteria ? { q: r.q, criteria: r.criteria } : {}),
    ...(r.groupId ? { g: r.groupName ?? '', groupId: r.groupId } : {}),
  });
}

/** Named client routes (001 §2): 'models' (params catalogId, modelId) and 'groups' (params catalogId, modelId, carId). */
export const OLD_NAMED_ROUTES = {
  models: (p: { catalogId: string; modelId: string }) => `${OLD}/${p.catalogId}/${p.modelId}`,
  groups: (p: { catalogId: string; modelId: string; carId: string }) => `${OLD}/${p.catalogId}/${p.modelId}/${p.carId}`,
} as const;

/** A route by name, its params being the encoded segments ('c=…&catalogId=…', 'm=…&modelId=…', 'carId=…'). */
export function oldRoute<N extends keyof typeof OLD_NAMED_ROUTES>(name: N, params: Parameters<(typeof OLD_NAMED_ROUTES)[N]>[0]): string {
  return (OLD_NAMED_ROUTES[name] as (p: typeof params) => string)(params);
}

const CAR_CACHE = 'tuerca.oldCatalogue.cars';
const DAY_MS = 24 * 60 * 60 * 1000;

/** 001 §3, §9: car details are cached locally for 8 days. */
export function cachedCar(carId: string, now = Date.now()): OldCar | null {
  const entry = readLocal<Record<string, { car: OldCar; savedAt: number }>>(CAR_CACHE, {})[carId];
  return entry && now - entry.savedAt < OLD_CAR_CACHE_DAYS * DAY_MS ? entry.car : null;
}

export function cacheCar(car: OldCar, now = Date.now()) {
  const all = readLocal<Record<string, { car: OldCar; savedAt: number }>>(CAR_CACHE, {});
  // Expired entries go when a new one is written: the cache never grows past what 8 days of browsing saw.
  const kept = Object.fromEntries(Object.entries(all).filter(([, e]) => now - e.savedAt < OLD_CAR_CACHE_DAYS * DAY_MS));
  writeLocal(CAR_CACHE, { ...kept, [car.carId]: { car, savedAt: now } });
}
