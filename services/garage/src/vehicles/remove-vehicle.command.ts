import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VehicleRemovedFromGarage, type Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely, recordEvent } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { findOwnVehicle } from './own-vehicle.js';

export class RemoveVehicle extends Command<{ id: string }> {
  constructor(
    readonly userId: string,
    readonly id: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** Soft: the row stays (events and images refer to it); the plate is free again for a new vehicle. */
@CommandHandler(RemoveVehicle)
export class RemoveVehicleHandler implements ICommandHandler<RemoveVehicle> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, id, actor }: RemoveVehicle): Promise<{ id: string }> {
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      await findOwnVehicle(em, userId, id, true);
      await kysely<GarageDB>(em)
        .updateTable('Vehicle')
        .set({ deletedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .execute();
      recordEvent(em, VehicleRemovedFromGarage, { vehicleId: id, userId }, { aggregateId: id, actor, occurredAt: now });
      await em.flush();
      return { id };
    });
  }
}
