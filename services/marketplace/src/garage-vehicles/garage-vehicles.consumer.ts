import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { VehicleRemovedFromGarage, VehicleSavedToGarage, VehicleUpdated, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry, kysely, withinTransaction } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/** Applies one garage event to the marketplace's read model of garage vehicles (older events change nothing). */
export class ApplyGarageVehicleEvent extends Command<void> {
  constructor(
    readonly event: EventEnvelope,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(ApplyGarageVehicleEvent)
export class ApplyGarageVehicleEventHandler implements ICommandHandler<ApplyGarageVehicleEvent> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ event, tx }: ApplyGarageVehicleEvent): Promise<void> {
    const at = new Date(event.occurredAt);
    await withinTransaction(this.db, tx, async (em) => {
      const k = kysely<MarketplaceDB>(em);
      switch (event.type) {
        case VehicleSavedToGarage.name: {
          const p = event.payload as PayloadOf<typeof VehicleSavedToGarage>;
          await k
            .insertInto('GarageVehicle')
            .values({
              vehicleId: p.vehicleId,
              userId: p.userId,
              country: p.country,
              licensePlate: p.licensePlate,
              brand: p.brand,
              model: p.model,
              year: p.year,
              removedAt: null,
              eventAt: at,
            })
            .onConflict((oc) =>
              oc
                .column('vehicleId')
                .doUpdateSet((eb) => ({
                  userId: eb.ref('excluded.userId'),
                  country: eb.ref('excluded.country'),
                  licensePlate: eb.ref('excluded.licensePlate'),
                  brand: eb.ref('excluded.brand'),
                  model: eb.ref('excluded.model'),
                  year: eb.ref('excluded.year'),
                  eventAt: eb.ref('excluded.eventAt'),
                }))
                .where('GarageVehicle.eventAt', '<=', at),
            )
            .execute();
          return;
        }
        case VehicleUpdated.name: {
          const p = event.payload as PayloadOf<typeof VehicleUpdated>;
          await k
            .updateTable('GarageVehicle')
            .set({ licensePlate: p.licensePlate, eventAt: at })
            .where('vehicleId', '=', p.vehicleId)
            .where('eventAt', '<=', at)
            .execute();
          return;
        }
        case VehicleRemovedFromGarage.name: {
          const p = event.payload as PayloadOf<typeof VehicleRemovedFromGarage>;
          await k
            .updateTable('GarageVehicle')
            .set({ removedAt: at, eventAt: at })
            .where('vehicleId', '=', p.vehicleId)
            .where('eventAt', '<=', at)
            .execute();
          return;
        }
      }
    });
  }
}

/** The consumer group `marketplace.garage-vehicles`: the garage's vehicles, never its tables. */
@Injectable()
export class GarageVehiclesConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'garage-vehicles',
      events: [VehicleSavedToGarage, VehicleUpdated, VehicleRemovedFromGarage],
      handle: async (event, em) => {
        await this.commands.execute(new ApplyGarageVehicleEvent(event, em));
      },
    });
  }
}
