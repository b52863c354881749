import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VehicleUpdated, vehicleInputSchema, type Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, kysely, parseInput, recordEvent } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { findOwnVehicle } from './own-vehicle.js';
import { brandFromList, ensurePlateFree, plateTaken, uniquePlate } from './vehicle-checks.js';
import { columnsOf, mergeChange, registryFieldsAfter, withoutMaskedIdentity, type VehicleView } from './vehicle.rules.js';
import { VehicleViews } from './vehicle-views.js';

export class UpdateVehicle extends Command<VehicleView> {
  constructor(
    readonly userId: string,
    readonly id: string,
    readonly patch: Record<string, unknown>,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** A partial change merged onto the vehicle and validated again as a whole (spec 001 §5: verified locks it). */
@CommandHandler(UpdateVehicle)
export class UpdateVehicleHandler implements ICommandHandler<UpdateVehicle> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly views: VehicleViews,
  ) {}

  async execute({ userId, id, patch: sent, actor }: UpdateVehicle): Promise<VehicleView> {
    const now = this.clock.now();
    // A view sent back as a change carries masked identity numbers: they are not new values.
    const patch = withoutMaskedIdentity(sent);
    let plate = '';
    return uniquePlate(String(patch.license_plate ?? ''), () =>
      this.db.transactional(async (em) => {
        const row = await findOwnVehicle(em, userId, id, true);
        const input = parseInput(vehicleInputSchema, mergeChange(row, patch));
        plate = input.license_plate;
        const brand = await brandFromList(em, input);
        if (input.license_plate !== row.license_plate) await ensurePlateFree(em, userId, input.license_plate, id);
        const c = { ...columnsOf(input), ...brand };
        await kysely<GarageDB>(em)
          .updateTable('Vehicle')
          .set({
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
            isTest: c.is_test,
            details: c.details,
            registryFields: registryFieldsAfter(row, patch),
            updatedAt: now,
          })
          .where('id', '=', id)
          .where('userId', '=', userId)
          .execute();
        recordEvent(
          em,
          VehicleUpdated,
          { vehicleId: id, userId, licensePlate: c.license_plate, vin: c.vin },
          { aggregateId: id, actor, occurredAt: now },
        );
        await em.flush();
        return this.views.of(await findOwnVehicle(em, userId, id));
      }),
    ).catch((err: unknown) => {
      // The 409 names the plate the person typed (normalised), not the raw patch value.
      if (err instanceof DomainError && err.code === 'Plate already in garage' && plate) throw plateTaken(plate);
      throw err;
    });
  }
}
