import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  VehicleRemovedFromGarage,
  VehicleSavedToGarage,
  VehicleUpdated,
  t,
  vehicleInputSchema,
  type Actor,
  type VehicleInput,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, ValidationError, parseInput, recordEvent } from '@tuerca/platform';
import { columnsOf, fold, foldText, mergeChange, toVehicleView, type VehicleView } from './vehicle.rules.js';
import { findOwnVehicle } from './vehicles.reader.js';

export class CreateVehicleCommand extends Command<VehicleView> {
  constructor(
    readonly userId: string,
    readonly input: VehicleInput,
    readonly actor: Actor,
  ) {
    super();
  }
}

export class UpdateVehicleCommand extends Command<VehicleView> {
  constructor(
    readonly userId: string,
    readonly id: string,
    readonly patch: Record<string, unknown>,
    readonly actor: Actor,
  ) {
    super();
  }
}

export class RemoveVehicleCommand extends Command<{ id: string }> {
  constructor(
    readonly userId: string,
    readonly id: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

function plateTaken(plate: string): DomainError {
  return new DomainError(
    409,
    'Plate already in garage',
    [t('garage.plateAlreadyInGarage', { plate })],
    [{ path: 'license_plate', message: t('garage.plateAlreadyInGarage', { plate }) }],
  );
}

/**
 * spec 001 §5: the brand is chosen from the brand list; picking one sets brand_id and brand. A brand_id
 * must be an active brand; a brand sent by name alone must name one (accents and case aside).
 */
async function brandFromList(em: EntityManager, input: VehicleInput): Promise<{ brand_id: string; brand: string }> {
  const rows = input.brand_id
    ? await em.execute<{ id: string; name: string }[]>(`select id, name from vehicle_brands where id = ? and active`, [input.brand_id])
    : await em.execute<{ id: string; name: string }[]>(`select id, name from vehicle_brands where ${fold('name')} = ? and active`, [
        foldText(input.brand),
      ]);
  if (!rows[0]) {
    const message = t('garage.brandNotInList');
    throw new ValidationError([message], [{ path: input.brand_id ? 'brand_id' : 'brand', message }]);
  }
  return { brand_id: rows[0].id, brand: rows[0].name };
}

async function ensurePlateFree(em: EntityManager, userId: string, plate: string, exceptId?: string): Promise<void> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from vehicles where user_id = ? and license_plate = ? and deleted_at is null and id <> coalesce(?::uuid, '00000000-0000-0000-0000-000000000000')`,
    [userId, plate, exceptId ?? null],
  );
  if (rows.length > 0) throw plateTaken(plate);
}

/** Two requests racing for the same plate: the unique index decides, and the loser gets the same 409. */
async function uniquePlate<T>(plate: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw plateTaken(plate);
    throw err;
  }
}

@CommandHandler(CreateVehicleCommand)
export class CreateVehicleHandler implements ICommandHandler<CreateVehicleCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, input, actor }: CreateVehicleCommand): Promise<VehicleView> {
    const now = this.clock.now();
    const id = randomUUID();
    return uniquePlate(input.license_plate, () =>
      this.db.transactional(async (em) => {
        const brand = await brandFromList(em, input);
        await ensurePlateFree(em, userId, input.license_plate);
        const c = { ...columnsOf(input), ...brand };
        await em.execute(
          `insert into vehicles (id, user_id, country, brand_id, brand, model, year, vin, license_plate, cylinder_capacity, class, body_type,
             number_of_doors, complement, is_verified, is_test, details, source, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false, ?, ?::jsonb, 'manual', ?, ?)`,
          [
            id,
            userId,
            c.country,
            c.brand_id,
            c.brand,
            c.model,
            c.year,
            c.vin,
            c.license_plate,
            c.cylinder_capacity,
            c.class,
            c.body_type,
            c.number_of_doors,
            c.complement,
            c.is_test,
            JSON.stringify(c.details),
            now,
            now,
          ],
        );
        recordEvent(
          em,
          VehicleSavedToGarage,
          {
            vehicleId: id,
            userId,
            country: c.country,
            licensePlate: c.license_plate,
            vin: c.vin,
            brand: c.brand,
            model: c.model,
            year: c.year,
            source: 'manual',
          },
          { aggregateId: id, actor, occurredAt: now },
        );
        await em.flush();
        return toVehicleView(await findOwnVehicle(em, userId, id));
      }),
    );
  }
}

@CommandHandler(UpdateVehicleCommand)
export class UpdateVehicleHandler implements ICommandHandler<UpdateVehicleCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, id, patch, actor }: UpdateVehicleCommand): Promise<VehicleView> {
    const now = this.clock.now();
    let plate = '';
    return uniquePlate(String(patch.license_plate ?? ''), () =>
      this.db.transactional(async (em) => {
        const row = await findOwnVehicle(em, userId, id, true);
        const input = parseInput(vehicleInputSchema, mergeChange(row, patch));
        plate = input.license_plate;
        const brand = await brandFromList(em, input);
        if (input.license_plate !== row.license_plate) await ensurePlateFree(em, userId, input.license_plate, id);
        const c = { ...columnsOf(input), ...brand };
        await em.execute(
          `update vehicles set brand_id = ?, brand = ?, model = ?, year = ?, vin = ?, license_plate = ?, cylinder_capacity = ?, class = ?,
             body_type = ?, number_of_doors = ?, complement = ?, is_test = ?, details = ?::jsonb, updated_at = ?
           where id = ? and user_id = ?`,
          [
            c.brand_id,
            c.brand,
            c.model,
            c.year,
            c.vin,
            c.license_plate,
            c.cylinder_capacity,
            c.class,
            c.body_type,
            c.number_of_doors,
            c.complement,
            c.is_test,
            JSON.stringify(c.details),
            now,
            id,
            userId,
          ],
        );
        recordEvent(
          em,
          VehicleUpdated,
          { vehicleId: id, userId, licensePlate: c.license_plate, vin: c.vin },
          { aggregateId: id, actor, occurredAt: now },
        );
        await em.flush();
        return toVehicleView(await findOwnVehicle(em, userId, id));
      }),
    ).catch((err: unknown) => {
      // The 409 names the plate the person typed (normalised), not the raw patch value.
      if (err instanceof DomainError && err.code === 'Plate already in garage' && plate) throw plateTaken(plate);
      throw err;
    });
  }
}

@CommandHandler(RemoveVehicleCommand)
export class RemoveVehicleHandler implements ICommandHandler<RemoveVehicleCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  /** Soft: the row stays (events and images refer to it); the plate is free again for a new vehicle. */
  async execute({ userId, id, actor }: RemoveVehicleCommand): Promise<{ id: string }> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      await findOwnVehicle(em, userId, id, true);
      await em.execute(`update vehicles set deleted_at = ?, updated_at = ? where id = ? and user_id = ?`, [now, now, id, userId]);
      recordEvent(em, VehicleRemovedFromGarage, { vehicleId: id, userId }, { aggregateId: id, actor, occurredAt: now });
      await em.flush();
      return { id };
    });
  }
}
