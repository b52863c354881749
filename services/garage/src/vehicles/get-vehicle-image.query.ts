import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { vehicleIdSchema } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { FileStorage } from './image-storage.js';
import { imageNotFound } from './vehicle-image-view.js';

/** The file of one image, for its owner only; another person's image (or a removed vehicle's) is simply not found. */
export class GetVehicleImage extends Query<{ data: Buffer; contentType: string }> {
  constructor(
    readonly userId: string,
    readonly imageId: string,
  ) {
    super();
  }
}

@QueryHandler(GetVehicleImage)
export class GetVehicleImageHandler implements IQueryHandler<GetVehicleImage> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly storage: FileStorage,
  ) {}

  async execute({ userId, imageId }: GetVehicleImage) {
    if (!vehicleIdSchema.safeParse(imageId).success) throw imageNotFound();
    const row = await kysely<GarageDB>(this.db.em())
      .selectFrom('VehicleImage as i')
      .innerJoin('Vehicle as v', 'v.id', 'i.vehicle')
      .select(['i.fileName', 'i.contentType'])
      .where('i.id', '=', imageId)
      .where('i.userId', '=', userId)
      .where('v.userId', '=', userId)
      .where('v.deletedAt', 'is', null)
      .executeTakeFirst();
    if (!row) throw imageNotFound();
    const data = await this.storage.get(row.fileName);
    if (!data) throw imageNotFound();
    return { data, contentType: row.contentType };
  }
}
