import { t, type SessionUser } from '@tuerca/contracts';
import { ForbiddenError, ValidationError } from '@tuerca/platform';

/**
 * Whose store a call is about: a seller's or store admin's own (identity's `storeId`); an operator names it
 * (`store_id`). A seller naming another store is refused.
 */
export function storeScope(user: SessionUser, requested?: string | null): string {
  if (user.roles.includes('operator')) {
    if (requested) return requested;
    if (user.storeId) return user.storeId;
    throw new ValidationError([t('integrations.storeRequired')]);
  }
  if (!user.storeId || (requested && requested !== user.storeId)) throw new ForbiddenError(t('auth.forbidden'));
  return user.storeId;
}
