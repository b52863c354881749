import { Inject, Injectable } from '@nestjs/common';
import { t, type MeterStatus, type MeterSubject, METERING_PORT, type Metering } from '@tuerca/contracts';
import { LoginRequiredError, actorOf, type Visitor } from '@tuerca/platform';
import { SsdCodec } from '../ssd.js';
import { OldCatalogueStore, type OldCatalogRow } from './old-catalogue.store.js';
import type { OldVehicleRow } from './old-catalogue.rules.js';

/** spec 001 §3 "Quota metadata" of a metered catalogue call (the same counters version 2 answers). */
export function oldQuotaMetadata(s: MeterStatus) {
  return {
    searchesPerformed: s.searchesPerformed,
    consultationsAvailable: s.consultationsAvailable,
    generalInquiriesAvailable: s.generalInquiriesAvailable,
    loginPrompt: s.loginPrompt,
    canShowPartNumbers: s.canShowPartNumbers,
  };
}

export interface OpenedCar {
  catalog: OldCatalogRow;
  car: OldVehicleRow;
  status: MeterStatus;
}

/**
 * Opens a car for the metered old-catalogue calls (groups, subgroups, parts):
 * - spec 001 §2/§6: "The groups route requires login unless the car segment carries both the q and criteria
 *   parameters"; "Old-catalogue groups and parts routes require login (bypass: a car segment with VIN q and
 *   criteria)". The criteria is the sealed token a VIN search handed out with this very car: a guest with it
 *   is served, a guest without it (or with one of another car, or forged) gets 401 'Login required'.
 * - metered exactly as version 2: one catalogue consultation of the vehicle, repeats free within its 12-hour
 *   window — the subject is the catalogue vehicle, so a car seen in either generation counts once; the HTTP
 *   request's id is the consumption's, so a retried request is charged once.
 */
@Injectable()
export class OldCarAccess {
  constructor(
    private readonly store: OldCatalogueStore,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly ssd: SsdCodec,
  ) {}

  /** The criteria a VIN search hands out with a car: catalogue, vehicle and (exact answers) the VIN, sealed. */
  criteriaFor(catalogCode: string, vehicleId: string, vin: string | null, viaToken: boolean): string {
    return this.ssd.encode({
      c: catalogCode,
      v: vehicleId,
      k: 'criteria',
      ...(vin ? { vin, ...(viaToken ? { m: 1 as const } : {}) } : {}),
    });
  }

  /** Whether the criteria is one a VIN search handed out for this car (a forged or foreign one is not). */
  criteriaOpens(criteria: string | undefined, car: OldVehicleRow): boolean {
    if (!criteria) return false;
    try {
      const state = this.ssd.decode(criteria);
      return state.k === 'criteria' && state.c === car.catalog && state.v === car.vehicleId;
    } catch {
      return false;
    }
  }

  async open(
    visitor: Visitor,
    q: { catalogId: string; carId: string; criteria?: string },
    guestsWithCriteria: boolean,
  ): Promise<OpenedCar> {
    const catalog = await this.store.catalog(q.catalogId);
    const car = await this.store.car(catalog.code, q.carId);
    if (!visitor.user && !(guestsWithCriteria && this.criteriaOpens(q.criteria, car)))
      throw new LoginRequiredError(401, t('catalog.loginRequired'));
    const actor = actorOf(visitor);
    const who: MeterSubject = { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
    await this.metering.authorize({ kind: 'catalog', who, subject: car.vehicleId });
    const consumed = await this.metering.consume({ kind: 'catalog', who, subject: car.vehicleId, requestId: visitor.requestId });
    return { catalog, car, status: consumed.status };
  }
}
