import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VehicleSavedToGarage, type Actor, type VehicleInput } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely, recordEvent } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { findOwnVehicle } from './own-vehicle.js';
import { brandFromList, ensurePlateFree, uniquePlate } from './vehicle-checks.js';
import { columnsOf, type VehicleView } from './vehicle.rules.js';
import { VehicleViews } from './vehicle-views.js';

export class CreateVehicle extends Command<VehicleView> {
  constructor(
    readonly userId: string,
    readonly input: VehicleInput,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** A vehicle typed by the person (`source 'manual'`), with VehicleSavedToGarage in the same transaction. */
@CommandHandler(CreateVehicle)
export class CreateVehicleHandler implements ICommandHandler<CreateVehicle> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly views: VehicleViews,
  ) {}

  async execute({ userId, input, actor }: CreateVehicle): Promise<VehicleView> {
    const now = this.clock.now();
    const id = randomUUID();
    return uniquePlate(input.license_plate, () =>
      this.db.transactional(async (em) => {
        const brand = await brandFromList(em, input);
        await ensurePlateFree(em, userId, input.license_plate);
        const c = { ...columnsOf(input), ...brand };
        await kysely<GarageDB>(em)
          .insertInto('Vehicle')
          .values({
            id,
            userId,
            country: c.country,
            brandId: c.brand_id,
            brand: c.brand,
            model: c.model,
            year: c.year,
            vin: c.vin,
            licensePlate: c.license_plate,
            cylinderCapacity: c.cylinder_capacity,
            class: c.class,
            bodyType: c.body_type,
            numberOfDoors: c.number_of_doors,
            complement: c.complement,
            isVerified: false,
            isTest: c.is_test,
            details: c.details,
            source: 'manual',
            createdAt: now,
            updatedAt: now,
          })
          .execute();
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
        return this.views.of(await findOwnVehicle(em, userId, id));
      }),
    );
  }
}
