import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { t, type VehicleInput } from '@tuerca/contracts';
import { DomainError, ValidationError, kysely } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { foldText, folded } from '../search-text.js';

export function plateTaken(plate: string): DomainError {
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
export async function brandFromList(em: EntityManager, input: VehicleInput): Promise<{ brand_id: string; brand: string }> {
  let q = kysely<GarageDB>(em).selectFrom('VehicleBrand').select(['id', 'name']).where('active', '=', true);
  q = input.brand_id ? q.where('id', '=', input.brand_id) : q.where((eb) => eb(folded(eb, eb.ref('name')), '=', foldText(input.brand)));
  const row = await q.executeTakeFirst();
  if (!row) {
    const message = t('garage.brandNotInList');
    throw new ValidationError([message], [{ path: input.brand_id ? 'brand_id' : 'brand', message }]);
  }
  return { brand_id: row.id, brand: row.name };
}

/** spec 001 §5 (Tuerca's): one live vehicle per plate and person; 409 'Plate already in garage'. */
export async function ensurePlateFree(em: EntityManager, userId: string, plate: string, exceptId?: string): Promise<void> {
  let q = kysely<GarageDB>(em)
    .selectFrom('Vehicle')
    .select('id')
    .where('userId', '=', userId)
    .where('licensePlate', '=', plate)
    .where('deletedAt', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw plateTaken(plate);
}

/** Two requests racing for the same plate: the unique index decides, and the loser gets the same 409. */
export async function uniquePlate<T>(plate: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw plateTaken(plate);
    throw err;
  }
}
