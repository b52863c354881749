import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  MAX_IMAGES_PER_VEHICLE,
  VehicleUpdated,
  t,
  type Actor,
  type SaveVehicleImagesInput,
  type VehicleImageView,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, ValidationError, kysely, recordEvent } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { FileStorage } from './image-storage.js';
import { findOwnVehicle } from './own-vehicle.js';
import { IMAGE_COLUMNS, imageNotFound, toImageView } from './vehicle-image-view.js';
import { EXTENSION, checkImage, type ImageType } from './vehicle.rules.js';

export class SaveVehicleImages extends Command<VehicleImageView[]> {
  constructor(
    readonly userId: string,
    readonly input: SaveVehicleImagesInput,
    readonly actor: Actor,
  ) {
    super();
  }
}

/**
 * Checks every image first (type by content, size), writes the files, then records the rows in one
 * transaction; if that fails the new files are deleted. A property-card image replaces the previous
 * one and is the vehicle's property_card_image, a field the verified lock covers (spec 001 §5).
 */
@CommandHandler(SaveVehicleImages)
export class SaveVehicleImagesHandler implements ICommandHandler<SaveVehicleImages> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, input, actor }: SaveVehicleImages): Promise<VehicleImageView[]> {
    if (input.images.length === 0 && input.removeImageIds.length === 0) {
      throw new ValidationError([t('garage.imagesRequired')], [{ path: 'images', message: t('garage.imagesRequired') }]);
    }
    const vehicleId = input.id;
    await findOwnVehicle(this.db.em(), userId, vehicleId); // 404 before reading any content
    const incoming = input.images.map((image, i) => {
      const data = Buffer.from(image.dataBase64, 'base64');
      const type: ImageType = checkImage(image.contentType, data, `images.${i}.dataBase64`);
      const id = randomUUID();
      return { id, kind: image.kind, type, data, key: `vehicles/${vehicleId}/${id}.${EXTENSION[type]}` };
    });
    if (incoming.filter((i) => i.kind === 'property_card').length > 1) {
      const message = t('validation.invalidValue');
      throw new ValidationError([message], [{ path: 'images', message }]);
    }

    const written: string[] = [];
    let removedKeys: string[] = [];
    try {
      for (const image of incoming) {
        await this.storage.put(image.key, image.data);
        written.push(image.key);
      }
      const now = this.clock.now();
      const views = await this.db.transactional(async (em) => {
        const db = kysely<GarageDB>(em);
        const vehicle = await findOwnVehicle(em, userId, vehicleId, true);
        const existing = await db
          .selectFrom('VehicleImage')
          .select(['id', 'kind', 'fileName'])
          .where('vehicle', '=', vehicleId)
          .where('userId', '=', userId)
          .execute();
        const newCard = incoming.find((i) => i.kind === 'property_card');
        const removing = existing.filter((r) => input.removeImageIds.includes(r.id) || (newCard && r.kind === 'property_card'));
        if (input.removeImageIds.some((id) => !existing.some((r) => r.id === id))) throw imageNotFound();
        const cardChanges = newCard !== undefined || removing.some((r) => r.kind === 'property_card');
        if (cardChanges && vehicle.is_verified) throw new DomainError(409, 'Vehicle verified', [t('vehicleForm.verifiedLocked')]);
        if (existing.length - removing.length + incoming.length > MAX_IMAGES_PER_VEHICLE) {
          const message = t('garage.tooManyImages', { max: MAX_IMAGES_PER_VEHICLE });
          throw new ValidationError([message], [{ path: 'images', message }]);
        }
        if (removing.length > 0) {
          await db
            .deleteFrom('VehicleImage')
            .where(
              'id',
              'in',
              removing.map((r) => r.id),
            )
            .execute();
        }
        if (incoming.length > 0) {
          await db
            .insertInto('VehicleImage')
            .values(
              incoming.map((image) => ({
                id: image.id,
                vehicle: vehicleId,
                userId,
                kind: image.kind,
                fileName: image.key,
                contentType: image.type,
                sizeBytes: image.data.length,
                createdAt: now,
              })),
            )
            .execute();
        }
        if (cardChanges) {
          await db
            .updateTable('Vehicle')
            .set({ propertyCardImage: newCard?.id ?? null, updatedAt: now })
            .where('id', '=', vehicleId)
            .execute();
          recordEvent(
            em,
            VehicleUpdated,
            { vehicleId, userId, licensePlate: vehicle.license_plate, vin: vehicle.vin },
            { aggregateId: vehicleId, actor, occurredAt: now },
          );
          await em.flush();
        }
        removedKeys = removing.map((r) => r.fileName);
        const rows = await db
          .selectFrom('VehicleImage')
          .select(IMAGE_COLUMNS)
          .where('vehicle', '=', vehicleId)
          .orderBy('createdAt')
          .orderBy('id')
          .execute();
        return rows.map(toImageView);
      });
      // Files of deleted images go only once their rows are gone.
      await Promise.allSettled(removedKeys.map((key) => this.storage.remove(key)));
      return views;
    } catch (err) {
      await Promise.allSettled(written.map((key) => this.storage.remove(key)));
      throw err;
    }
  }
}
