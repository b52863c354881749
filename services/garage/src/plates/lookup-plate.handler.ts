import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ErrorCodes,
  PlateLookedUp,
  VehicleSavedToGarage,
  checkPlate,
  t,
  type MeterStatus,
  type MeterSubject,
  type PlateLookupQuery,
} from '@tuerca/contracts';
import { ContextDatabase, DomainError, MeteringClient, actorOf, ok, recordEvent, type Visitor } from '@tuerca/platform';
import { HumanCheckService } from './human-check.service.js';
import { PlateRegistry, PlateRegistryUnavailableError } from './plate-registry.port.js';
import {
  garageRowOf,
  lookupCountry,
  notFoundTexts,
  outageTexts,
  presentVehicle,
  quotaMetadata,
  type LookupVariant,
  type PlateVehicle,
} from './plate-lookup.rules.js';
import { toVehicleView, type VehicleRow } from '../vehicles/vehicle.rules.js';

type GarageVehicleRow = VehicleRow;

/**
 * The plate search flow (spec 001 §4, §5, §7, §8): plate rules, the human check, metering through billing
 * (authorize before, consume only when found), the registry port, and — for a logged-in person without the
 * plate in their garage — the vehicle saved to the garage with VehicleSavedToGarage, in one transaction.
 */
@Injectable()
export class LookupPlateHandler {
  constructor(
    private readonly db: ContextDatabase,
    private readonly humanCheck: HumanCheckService,
    private readonly metering: MeteringClient,
    private readonly registry: PlateRegistry,
  ) {}

  async execute(visitor: Visitor, query: PlateLookupQuery, variant: LookupVariant) {
    const country = lookupCountry(query.country, visitor.user?.country);
    const check = checkPlate(query.licensePlate, country);
    if (!check.ok) throw new DomainError(400, ErrorCodes.VALIDATION_FAILED, check.messages);
    const plate = check.plate;
    await this.humanCheck.spend(query.reCaptcha);

    const actor = actorOf(visitor);
    const who: MeterSubject = { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
    const freeMode = variant === 'premium' && query.allowFreeSearches === '1';
    try {
      await this.metering.authorize({ kind: 'plate', who, subject: plate });
    } catch (err) {
      // allowFreeSearches: no consultation left is not an error; the console continues with the manual form.
      if (freeMode && err instanceof DomainError && (err.status === 401 || err.status === 403)) {
        const status = await this.metering.status({ kind: 'plate', who, subject: plate });
        return ok(null, {
          ...quotaMetadata(status),
          withoutConsultation: true,
          denial: err.code,
          message: t('plate.fillVehicleForm'),
          relatedVehicle: null,
        });
      }
      throw err;
    }

    let record;
    try {
      record = await this.registry.find(country, plate);
    } catch (err) {
      if (err instanceof PlateRegistryUnavailableError)
        throw new DomainError(503, ErrorCodes.SERVICE_UNAVAILABLE, outageTexts(visitor.isGuest));
      throw err;
    }

    if (!record) {
      // spec: no consultation is deducted when nothing is found.
      await this.db.transactional(async (em) => {
        recordEvent(
          em,
          PlateLookedUp,
          { licensePlate: plate, country, found: false, who, vehicleId: null },
          { aggregateId: `${country}:${plate}`, actor },
        );
        await em.flush();
      });
      throw new DomainError(404, ErrorCodes.NOT_FOUND, notFoundTexts(plate, freeMode));
    }

    const consumed = await this.metering.consume({ kind: 'plate', who, subject: plate, requestId: randomUUID() });
    const vehicle = presentVehicle(record, variant);
    const garage = await this.db.transactional(async (em) => {
      const result = visitor.user ? await this.saveToGarage(em, visitor.user.id, vehicle, actor) : { related: null, savedId: null };
      recordEvent(
        em,
        PlateLookedUp,
        { licensePlate: plate, country, found: true, who, vehicleId: result.savedId ?? result.related?.id ?? null },
        { aggregateId: `${country}:${plate}`, actor },
      );
      await em.flush();
      return result;
    });
    const vinHasCatalog = await this.vinHasCatalog(record.vin);
    return ok({ ...vehicle, hasCatalog: vinHasCatalog }, this.metadata(consumed.status, consumed.chargedFrom, garage));
  }

  /** The person's vehicle with this plate, or the plate-lookup vehicle saved now (once: the unique index decides races). */
  private async saveToGarage(em: EntityManager, userId: string, vehicle: PlateVehicle, actor: ReturnType<typeof actorOf>) {
    const related = await this.related(em, userId, vehicle.license_plate);
    if (related) return { related, savedId: null };
    const row = garageRowOf(vehicle);
    const id = randomUUID();
    const now = new Date();
    const inserted = await em.execute<{ id: string }[]>(
      `insert into vehicles (id, user_id, country, brand_id, brand, model, year, vin, license_plate, cylinder_capacity, class, body_type,
         number_of_doors, details, source, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, 'plate-lookup', ?, ?)
       on conflict (user_id, license_plate) where deleted_at is null do nothing
       returning id`,
      [
        id,
        userId,
        row.country,
        row.brand_id,
        row.brand,
        row.model,
        row.year,
        row.vin,
        row.license_plate,
        row.cylinder_capacity,
        row.class,
        row.body_type,
        row.number_of_doors,
        JSON.stringify(row.details),
        now,
        now,
      ],
    );
    if (inserted.length === 0) return { related: await this.related(em, userId, vehicle.license_plate), savedId: null };
    recordEvent(
      em,
      VehicleSavedToGarage,
      {
        vehicleId: id,
        userId,
        country: row.country,
        licensePlate: row.license_plate,
        vin: row.vin,
        brand: row.brand,
        model: row.model,
        year: row.year,
        source: 'plate-lookup',
      },
      { aggregateId: id, actor, occurredAt: now },
    );
    return { related: null, savedId: id };
  }

  private async related(em: EntityManager, userId: string, plate: string): Promise<GarageVehicleRow | null> {
    const rows = await em.execute<GarageVehicleRow[]>(
      `select v.*, c.has_catalog from vehicles v left join vin_catalog c on c.vin = v.vin
       where v.user_id = ? and v.license_plate = ? and v.deleted_at is null`,
      [userId, plate],
    );
    return rows[0] ?? null;
  }

  /** From garage's read model of the catalogue (vehicle card buttons); null when the catalogue has not said. */
  private async vinHasCatalog(vin: string | null): Promise<boolean | null> {
    if (!vin) return null;
    const rows = await this.db.em().execute<{ has_catalog: boolean }[]>('select has_catalog from vin_catalog where vin = ?', [vin]);
    return rows[0]?.has_catalog ?? null;
  }

  private metadata(status: MeterStatus, chargedFrom: string, garage: { related: GarageVehicleRow | null; savedId: string | null }) {
    return {
      ...quotaMetadata(status),
      chargedFrom,
      // The same view the garage answers with.
      relatedVehicle: garage.related ? toVehicleView(garage.related) : null,
      savedToGarage: garage.savedId !== null,
      ...(garage.savedId ? { garageVehicleId: garage.savedId, message: t('garage.vehicleCreated') } : {}),
    };
  }
}
