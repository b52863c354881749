import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ErrorCodes,
  PlateLookedUpV2,
  VehicleSavedToGarage,
  checkPlate,
  t,
  type MeterStatus,
  type MeterSubject,
  type PlateLookupQuery,
  type Success,
  METERING_PORT,
  chargeForAnswer,
  type Metering,
} from '@tuerca/contracts';
import {
  ContextDatabase,
  DomainError,
  LOGGER,
  actorOf,
  errorText,
  ok,
  kysely,
  recordEvent,
  type Logger,
  type Visitor,
} from '@tuerca/platform';
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
import type { GarageDB } from '../garage.database.js';
import { vehicleWithPlate } from '../vehicles/own-vehicle.js';
import type { VehicleRow } from '../vehicles/vehicle.rules.js';
import { VehicleViews } from '../vehicles/vehicle-views.js';
import { CatalogTokens } from '../vehicles/catalog-tokens.js';

type GarageVehicleRow = VehicleRow;

/** The lookup's answer: the vehicle (null in free-search mode without a consultation) and the quota metadata. */
export type PlateLookupAnswer = Success<(PlateVehicle & { catalogToken: string | null }) | null>;

export class LookupPlate extends Command<PlateLookupAnswer> {
  constructor(
    readonly visitor: Visitor,
    readonly query: PlateLookupQuery,
    readonly variant: LookupVariant,
  ) {
    super();
  }
}

/**
 * The plate search flow (spec 001 §4, §5, §7, §8): plate rules, the human check, metering through billing
 * (authorize before, consume only when found), the registry port, and — for a logged-in person without the
 * plate in their garage — the vehicle saved to the garage with VehicleSavedToGarage, in one transaction.
 */
@CommandHandler(LookupPlate)
export class LookupPlateHandler implements ICommandHandler<LookupPlate> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly humanCheck: HumanCheckService,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly registry: PlateRegistry,
    private readonly views: VehicleViews,
    private readonly tokens: CatalogTokens,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ visitor, query, variant }: LookupPlate): Promise<PlateLookupAnswer> {
    const started = Date.now();
    const country = lookupCountry(query.country, visitor.user?.country);
    const check = checkPlate(query.licensePlate, country);
    if (!check.ok) throw new DomainError(400, ErrorCodes.VALIDATION_FAILED, check.messages);
    const plate = check.plate;
    await this.humanCheck.spend(query.reCaptcha);

    const actor = actorOf(visitor);
    const who: MeterSubject = { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
    const freeMode = variant === 'premium' && query.allowFreeSearches === '1';
    // For analysts (PlateLookedUp v2), without the plate or the VIN: DESIGN §5, a lookup never spreads identity numbers.
    const lookedUp = (found: boolean, make: string | null) =>
      ({ country, found, personKind: who.kind, make, latencyMs: Math.max(0, Date.now() - started) }) as const;
    const lookupKey = { aggregateId: `plate-lookup:${visitor.requestId}`, actor };
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
        recordEvent(em, PlateLookedUpV2, lookedUp(false, null), lookupKey);
        await em.flush();
      });
      throw new DomainError(404, ErrorCodes.NOT_FOUND, notFoundTexts(plate, freeMode));
    }

    // #19: charge, then answer, then refund if the answer fails; the request's id (or Idempotency-Key) makes a
    // retried lookup cost one consultation.
    const vehicle = presentVehicle(record, variant);
    const { charged: consumed, answer } = await chargeForAnswer(
      this.metering,
      { kind: 'plate', who, subject: plate, requestId: visitor.requestId },
      async () => {
        const garage = await this.db.transactional(async (em) => {
          const result = visitor.user
            ? await this.saveToGarage(em, visitor.user.id, vehicle, record.vin, actor)
            : { related: null, savedId: null };
          recordEvent(em, PlateLookedUpV2, lookedUp(true, record.make), lookupKey);
          await em.flush();
          return result;
        });
        // The card asks the catalogue itself (VINHasCatalog) with this token: one answer, never a stale copy.
        const catalogToken = await this.tokens.seal(record.vin);
        return { garage, catalogToken };
      },
      (err) => this.logger.error({ plate, err: errorText(err) }, 'plate lookup failed after its charge and the refund failed too'),
    );
    const { garage, catalogToken } = answer;
    return ok({ ...vehicle, catalogToken }, await this.metadata(consumed.status, consumed.chargedFrom, garage));
  }

  /** The person's vehicle with this plate, or the plate-lookup vehicle saved now (once: the unique index decides races). */
  private async saveToGarage(
    em: EntityManager,
    userId: string,
    vehicle: PlateVehicle,
    registryVin: string | null,
    actor: ReturnType<typeof actorOf>,
  ) {
    const related = await this.related(em, userId, vehicle.license_plate);
    if (related) return { related, savedId: null };
    const row = garageRowOf(vehicle, registryVin);
    const id = randomUUID();
    const now = new Date();
    // Once however often, or however concurrently, the lookup is repeated: the unique index decides.
    const inserted = await kysely<GarageDB>(em)
      .insertInto('Vehicle')
      .values({
        id,
        userId,
        country: row.country,
        brandId: row.brand_id,
        brand: row.brand,
        model: row.model,
        year: row.year,
        vin: row.vin,
        registryFields: row.registry_fields,
        licensePlate: row.license_plate,
        cylinderCapacity: row.cylinder_capacity,
        class: row.class,
        bodyType: row.body_type,
        numberOfDoors: row.number_of_doors,
        details: row.details,
        source: 'plate-lookup',
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.columns(['userId', 'licensePlate']).where('deletedAt', 'is', null).doNothing())
      .returning('id')
      .execute();
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

  private related(em: EntityManager, userId: string, plate: string): Promise<GarageVehicleRow | null> {
    return vehicleWithPlate(em, userId, plate);
  }

  private async metadata(status: MeterStatus, chargedFrom: string, garage: { related: GarageVehicleRow | null; savedId: string | null }) {
    return {
      ...quotaMetadata(status),
      chargedFrom,
      // The same view the garage answers with.
      relatedVehicle: garage.related ? await this.views.of(garage.related) : null,
      savedToGarage: garage.savedId !== null,
      ...(garage.savedId ? { garageVehicleId: garage.savedId, message: t('garage.vehicleCreated') } : {}),
    };
  }
}
