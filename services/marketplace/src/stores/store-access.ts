import { t } from '@tuerca/contracts';
import { ForbiddenError, LoginRequiredError, NotFoundError, type Visitor } from '@tuerca/platform';

/**
 * Who may manage a store's products: operators any store; sellers and store admins only the store
 * their account belongs to (identity's `storeId`). Everyone else is refused.
 */
export function canManageStore(visitor: Visitor, storeId: string): boolean {
  const user = visitor.user;
  if (!user) return false;
  if (user.roles.includes('operator')) return true;
  return (user.roles.includes('seller') || user.roles.includes('store_admin')) && user.storeId === storeId;
}

/** For calls that name a store: 401 for guests, 403 for another store's id. */
export function assertStoreAccess(visitor: Visitor, storeId: string): void {
  if (!visitor.user) throw new LoginRequiredError();
  if (!canManageStore(visitor, storeId)) throw new ForbiddenError(t('auth.forbidden'));
}

/** For calls that name a product: another store's product is answered as not found (its existence is not revealed). */
export function assertProductAccess(visitor: Visitor, product: { store_id: string } | undefined): asserts product {
  if (!visitor.user) throw new LoginRequiredError();
  if (!product || !canManageStore(visitor, product.store_id)) throw new NotFoundError(t('availability.productNotAvailable'));
}

/** The store a seller acts for: their own; operators name one. */
export function actingStoreId(visitor: Visitor, requested: string | undefined): string {
  if (!visitor.user) throw new LoginRequiredError();
  const storeId = requested ?? visitor.user.storeId ?? undefined;
  if (!storeId) throw new ForbiddenError(t('auth.forbidden'));
  assertStoreAccess(visitor, storeId);
  return storeId;
}
