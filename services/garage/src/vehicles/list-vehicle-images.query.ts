import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { VehicleImageView } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { findOwnVehicle } from './own-vehicle.js';
import { IMAGE_COLUMNS, toImageView } from './vehicle-image-view.js';

/** The images of one of the person's vehicles, oldest first; another person's vehicle is not found. */
export class ListVehicleImages extends Query<VehicleImageView[]> {
  constructor(
    readonly userId: string,
    readonly vehicleId: string,
  ) {
    super();
  }
}

@QueryHandler(ListVehicleImages)
export class ListVehicleImagesHandler implements IQueryHandler<ListVehicleImages> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId, vehicleId }: ListVehicleImages): Promise<VehicleImageView[]> {
    const em = this.db.em();
    await findOwnVehicle(em, userId, vehicleId);
    const rows = await kysely<GarageDB>(em)
      .selectFrom('VehicleImage')
      .select(IMAGE_COLUMNS)
      .where('vehicle', '=', vehicleId)
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows.map(toImageView);
  }
}
