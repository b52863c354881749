import { type MeterStatus, type MeterSubject, type VehicleQuery, type Metering } from '@tuerca/contracts';
import { actorOf, type Visitor } from '@tuerca/platform';
import type { SsdState } from '../ssd.js';
import type { VehicleTokens } from '../vin/vehicle-tokens.js';
import type { VinResolver } from '../vin/vin-resolver.js';
import type { BrowseReader } from './browse.reader.js';
import { catalogPageUrl } from './browse.rules.js';

/**
 * The steps the metered browse queries share (spec 001 §7): open the vehicle a call is about, and meter the
 * consultation of it. Each handler calls them with its own collaborators.
 */

/** Who a consultation is counted for: the signed-in person, else the guest's visitor id. */
export function meterSubjectOf(visitor: Visitor): MeterSubject {
  const actor = actorOf(visitor);
  return { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
}

/** authorize (billing's 401s), then consume: a fresh request id; the 12-hour window makes repeats free. */
export async function meterConsultation(metering: Metering, visitor: Visitor, vehicleId: string): Promise<MeterStatus> {
  const who = meterSubjectOf(visitor);
  await metering.authorize({ kind: 'catalog', who, subject: vehicleId });
  const consumed = await metering.consume({ kind: 'catalog', who, subject: vehicleId, requestId: visitor.requestId });
  return consumed.status;
}

/**
 * The vehicle a call is about, and how it was reached: a VIN in the ssd, or the spec's `q` naming this exact
 * vehicle in the catalogue's index, makes its parts `match`; `vehicleName` and `catalogUrl` describe the page.
 */
export async function openVehicle(
  deps: { reader: BrowseReader; tokens: VehicleTokens; resolver: VinResolver },
  q: VehicleQuery,
  unitId?: string,
) {
  const catalog = await deps.reader.catalog(q.catalogCode);
  let state: SsdState = deps.reader.state(q.ssd, q.catalogCode, q.vehicleId, unitId);
  const vehicle = await deps.reader.vehicle(q.catalogCode, q.vehicleId);
  const asked = state.vin ? null : await deps.tokens.vinOf(q.q);
  if (asked && (await deps.resolver.exactVehicleIds(asked.vin)).includes(vehicle.vehicle_id))
    state = { ...state, v: vehicle.vehicle_id, vin: asked.vin, ...(asked.viaToken ? { m: 1 as const } : {}) };
  const page = {
    vehicleName: q.vehicleName?.trim() || `${vehicle.brand} ${vehicle.name}`,
    catalogUrl: catalogPageUrl(q.catalogUrl),
    vinMatch: Boolean(state.vin) && state.v === vehicle.vehicle_id,
  };
  return { catalog, state, vehicle, page };
}
