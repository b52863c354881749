import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VehicleUpdated, t, type Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, ValidationError, recordEvent } from '@tuerca/platform';
import { FileStorage } from './image-storage.js';
import { EXTENSION, MAX_IMAGES_PER_VEHICLE, checkImage, imageUrl, type ImageType } from './vehicle.rules.js';
import { findOwnVehicle } from './vehicles.reader.js';
import type { SaveVehicleImagesInput } from './vehicles.routes.js';

interface ImageRow {
  id: string;
  vehicle_id: string;
  user_id: string;
  kind: 'photo' | 'property_card';
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
}

export function toImageView(row: ImageRow) {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.content_type,
    size: row.size_bytes,
    url: imageUrl(row.id),
    created_at: new Date(row.created_at).toISOString(),
  };
}
export type VehicleImageView = ReturnType<typeof toImageView>;

const imageNotFound = () => new NotFoundError(t('garage.imageNotFound'));

@Injectable()
export class VehicleImagesReader {
  constructor(
    private readonly db: ContextDatabase,
    private readonly storage: FileStorage,
  ) {}

  async list(userId: string, vehicleId: string): Promise<VehicleImageView[]> {
    const em = this.db.em();
    await findOwnVehicle(em, userId, vehicleId);
    const rows = await em.execute<ImageRow[]>(`select * from vehicle_images where vehicle_id = ? and user_id = ? order by created_at, id`, [
      vehicleId,
      userId,
    ]);
    return rows.map(toImageView);
  }

  /** The file of one image, for its owner only; another person's image is simply not found. */
  async file(userId: string, imageId: string): Promise<{ data: Buffer; contentType: string }> {
    if (!/^[0-9a-f-]{36}$/i.test(imageId)) throw imageNotFound();
    const [row] = await this.db.em().execute<ImageRow[]>(
      `select i.* from vehicle_images i join vehicles v on v.id = i.vehicle_id
        where i.id = ? and i.user_id = ? and v.user_id = ? and v.deleted_at is null`,
      [imageId, userId, userId],
    );
    if (!row) throw imageNotFound();
    const data = await this.storage.get(row.file_name);
    if (!data) throw imageNotFound();
    return { data, contentType: row.content_type };
  }
}

export class SaveVehicleImagesCommand extends Command<VehicleImageView[]> {
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
@CommandHandler(SaveVehicleImagesCommand)
export class SaveVehicleImagesHandler implements ICommandHandler<SaveVehicleImagesCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, input, actor }: SaveVehicleImagesCommand): Promise<VehicleImageView[]> {
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
        const vehicle = await findOwnVehicle(em, userId, vehicleId, true);
        const existing = await em.execute<ImageRow[]>(`select * from vehicle_images where vehicle_id = ? and user_id = ?`, [
          vehicleId,
          userId,
        ]);
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
          await em.execute(
            `delete from vehicle_images where id in (${removing.map(() => '?').join(', ')})`,
            removing.map((r) => r.id),
          );
        }
        for (const image of incoming) {
          await em.execute(
            `insert into vehicle_images (id, vehicle_id, user_id, kind, file_name, content_type, size_bytes, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
            [image.id, vehicleId, userId, image.kind, image.key, image.type, image.data.length, now],
          );
        }
        if (cardChanges) {
          const card = newCard?.id ?? null;
          await em.execute(`update vehicles set property_card_image = ?, updated_at = ? where id = ?`, [card, now, vehicleId]);
          recordEvent(
            em,
            VehicleUpdated,
            { vehicleId, userId, licensePlate: vehicle.license_plate, vin: vehicle.vin },
            { aggregateId: vehicleId, actor, occurredAt: now },
          );
          await em.flush();
        }
        removedKeys = removing.map((r) => r.file_name);
        const rows = await em.execute<ImageRow[]>(`select * from vehicle_images where vehicle_id = ? order by created_at, id`, [vehicleId]);
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
