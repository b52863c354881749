import { t, type SessionUser } from '@tuerca/contracts';
import { ForbiddenError, LoginRequiredError, NotFoundError } from '@tuerca/platform';

/** Who asks: a visitor (or a command carrying the visitor's user). */
export interface Manager {
  user: SessionUser | null;
}

/**
 * Who may manage a store's products: operators any store; sellers and store admins only the store
 * their account belongs to (identity's `storeId`). Everyone else is refused.
 */
export function canManageStore(who: Manager, storeId: string): boolean {
  const user = who.user;
  if (!user) return false;
  if (user.roles.includes('operator')) return true;
  return (user.roles.includes('seller') || user.roles.includes('store_admin')) && user.storeId === storeId;
}

/** For calls that name a store: 401 for guests, 403 for another store's id. */
export function assertStoreAccess(who: Manager, storeId: string): void {
  if (!who.user) throw new LoginRequiredError();
  if (!canManageStore(who, storeId)) throw new ForbiddenError(t('auth.forbidden'));
}

/** For calls that name a product: another store's product is answered as not found (its existence is not revealed). */
export function assertProductAccess<P extends { storeId: string }>(who: Manager, product: P | null | undefined): asserts product is P {
  if (!who.user) throw new LoginRequiredError();
  if (!product || !canManageStore(who, product.storeId)) throw new NotFoundError(t('availability.productNotAvailable'));
}

/** The store a seller acts for: their own; operators name one. */
export function actingStoreId(who: Manager, requested: string | undefined): string {
  if (!who.user) throw new LoginRequiredError();
  const storeId = requested ?? who.user.storeId ?? undefined;
  if (!storeId) throw new ForbiddenError(t('auth.forbidden'));
  assertStoreAccess(who, storeId);
  return storeId;
}

/** The stores an indicator covers: operators every store unless they name one (null), sellers their own. */
export function storeScopeOf(who: Manager, requested: string | undefined): string | null {
  if (who.user?.roles.includes('operator') && !requested) return null;
  return actingStoreId(who, requested);
}

/** Sellers and store admins see only their store in the operator console; operators and advisers every store (null). */
export function ownStoreOf(who: Manager): string | null {
  const user = who.user;
  if (!user) throw new LoginRequiredError();
  if (user.roles.includes('operator') || user.roles.includes('adviser')) return null;
  if (!user.storeId) throw new ForbiddenError();
  return user.storeId;
}
