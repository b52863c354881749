import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '@tuerca/contracts';
import { NotFoundError } from '@tuerca/platform';
import { lockTransaction, type LockedTransaction } from '../purchases/transaction-lifecycle.js';

/**
 * Who may see and work a transaction's sellers' side. Operators: every store. Sellers and store admins: their
 * own store's. Advisers: read every one, write only the ones assigned to them (advisers.commands.ts).
 * Anyone else — another store's seller, a customer — is answered 404 (BOLA: never "exists but forbidden").
 */
export function isOperator(user: SessionUser): boolean {
  return user.roles.includes('operator');
}

export function sellerStoreOf(user: SessionUser): string | null {
  return (user.roles.includes('seller') || user.roles.includes('store_admin')) && user.storeId ? user.storeId : null;
}

export function mayWorkStore(user: SessionUser, storeId: string): boolean {
  return isOperator(user) || sellerStoreOf(user) === storeId;
}

export function mayReadStore(user: SessionUser, storeId: string): boolean {
  return mayWorkStore(user, storeId) || user.roles.includes('adviser');
}

/** The transaction locked for a store-side write: 404 when it does not exist or the person may not work its store. */
export async function lockForStore(em: EntityManager, id: string, user: SessionUser): Promise<LockedTransaction> {
  const tx = await lockTransaction(em, { id });
  if (!tx || !mayWorkStore(user, tx.store.id)) throw new NotFoundError();
  return tx;
}
