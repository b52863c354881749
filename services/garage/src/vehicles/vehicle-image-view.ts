import { t, type VehicleImageView } from '@tuerca/contracts';
import { NotFoundError } from '@tuerca/platform';
import type { VehicleImage } from './vehicle.entity.js';
import { imageUrl } from './vehicle.rules.js';

export const IMAGE_COLUMNS = ['id', 'kind', 'contentType', 'sizeBytes', 'createdAt', 'fileName'] as const;

export function toImageView(row: Pick<VehicleImage, 'id' | 'kind' | 'contentType' | 'sizeBytes' | 'createdAt'>): VehicleImageView {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.contentType,
    size: row.sizeBytes,
    url: imageUrl(row.id),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export const imageNotFound = () => new NotFoundError(t('garage.imageNotFound'));
