import { ErrorCodes, t, type DecodedVinView, type VinCandidate, type VinCatalogCheck, type VinEvidence } from '@tuerca/contracts';
import { DomainError } from '@tuerca/platform';
import type { SsdCodec } from '../ssd.js';
import type { IndexedVehicle } from './catalogue-vehicles.index.js';
import type { VinResolution } from './vin-resolver.js';

/** How the person named the vehicle: the VIN (or frame) they typed, or the opaque token they were given. */
export interface VinAsked {
  /** What the answer may show back (never a VIN the person did not type). */
  shown: string;
  /** The VIN itself, for the ssd of an exact answer (it gives parts their `match`). */
  vin: string | null;
  /** Asked with a token: texts say 'this vehicle', never its VIN. */
  viaToken?: boolean;
}

function view(
  v: IndexedVehicle,
  asked: VinAsked,
  ssd: SsdCodec,
  exact: boolean,
  confidence: number,
  evidence: VinEvidence[],
): VinCandidate {
  return {
    name: `${v.brand} ${v.name}`,
    brand: v.brand,
    vehicleId: v.vehicleId,
    vehicleVIN: asked.shown,
    catalog: v.catalogCode,
    ssd: ssd.encode({
      c: v.catalogCode,
      v: v.vehicleId,
      ...(exact && asked.vin ? { vin: asked.vin, ...(asked.viaToken ? { m: 1 as const } : {}) } : {}),
    }),
    exact,
    confidence,
    evidence,
    attributes: v.attributes,
  };
}

/** The list the spec's vehicleByVinOrFrame answers (name, vehicleId, vehicleVIN, catalog, ssd) with exactness and evidence. */
export function candidatesOf(resolution: VinResolution, asked: VinAsked, ssd: SsdCodec): VinCandidate[] {
  if (resolution.kind === 'exact') {
    const evidence: VinEvidence[] = [{ kind: resolution.source === 'frame' ? 'frame' : 'index', value: asked.shown, source: 'index' }];
    return resolution.vehicles.map((v) => view(v, asked, ssd, true, 1, evidence));
  }
  if (resolution.kind === 'candidates')
    return resolution.candidates.map((c) => view(c.vehicle, asked, ssd, false, c.confidence, c.evidence));
  return [];
}

export function decodedView(resolution: VinResolution): DecodedVinView | null {
  if (resolution.kind === 'exact' || !resolution.decoded) return null;
  const identity = resolution.identity;
  return {
    wmi: resolution.decoded.wmi,
    make: identity?.make ?? null,
    model: identity?.model ?? null,
    years: identity?.years ?? [],
    kind: resolution.decoded.kind === 'mixed' ? 'car' : resolution.decoded.kind,
    country: resolution.decoded.country,
  };
}

/** The spec's 404s: a named not-in-catalogue answer when the VIN names a vehicle, else 'not registered'. */
export function notFoundError(resolution: VinResolution, asked: VinAsked, frame: boolean): DomainError {
  if (resolution.kind === 'notInCatalog')
    return new DomainError(404, ErrorCodes.VIN_NOT_IN_CATALOG, [
      t('vin.notInCatalogNamed', { vehicle: resolution.label }),
      t('vin.notInCatalogDetail'),
    ]);
  const first = asked.viaToken
    ? t('vin.vehicleNotRegistered')
    : frame
      ? t('vin.frameNotRegistered', { frame: asked.shown })
      : t('vin.notRegistered', { vin: asked.shown });
  return new DomainError(404, ErrorCodes.NOT_FOUND, [first, t('vin.notInCatalogs')]);
}

/** verifyVinInCatalogForActiveUser: the lookup's answer as the vehicle card reads it. */
export function catalogCheckOf(resolution: VinResolution, asked: VinAsked, ssd: SsdCodec): VinCatalogCheck {
  const list = candidatesOf(resolution, asked, ssd);
  return {
    hasCatalog: list.length > 0,
    exact: resolution.kind === 'exact',
    candidates: list.length,
    vehicle: resolution.kind === 'exact' ? (list[0] ?? null) : null,
    notInCatalog: resolution.kind === 'notInCatalog' ? resolution.label : null,
  };
}
