import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductUpdated, StoreUpdated, storeInputSchema, t, type Actor, type StoreView } from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  DomainError,
  ForbiddenError,
  NotFoundError,
  actorOf,
  parseInput,
  recordEvent,
  type Visitor,
} from '@tuerca/platform';
import { Product } from '../products/product.entity.js';
import { recordOf } from '../products/product-records.js';
import { productUrlFor, snapshotOf, storeHidesReferences } from '../products/product.rules.js';
import { Store } from './store.entity.js';
import { storeAdminEdit, storeFields, storeSnapshotOf, storeViewOf } from './store.rules.js';

/** Products re-addressed per flush when a store starts hiding its references. */
const BATCH = 500;

/**
 * /admin-api/stores: an operator creates a store, or edits any; a store admin edits their own (not its
 * country, whether it is virtual nor its prefix). Announced by StoreUpdated; the search rows follow.
 */
export class SaveStore extends Command<StoreView> {
  constructor(
    readonly by: Visitor,
    /** null: a new store. */
    readonly id: string | null,
    /** The form as sent (react-admin sends the whole record on an edit). */
    readonly form: Record<string, unknown>,
  ) {
    super();
  }
}

const pathPrefixTaken = (prefix: string) => {
  const message = t('marketplace.pathPrefixTaken', { prefix });
  return new DomainError(409, 'Path prefix taken', [message], [{ path: 'pathPrefix', message }]);
};

@CommandHandler(SaveStore)
export class SaveStoreHandler implements ICommandHandler<SaveStore> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, id, form }: SaveStore): Promise<StoreView> {
    const isOperator = by.user?.roles.includes('operator') ?? false;
    if (!id && !isOperator) throw new ForbiddenError();
    let prefix: string | null | undefined;
    try {
      return await this.db.transactional(async (em) => {
        const now = this.clock.now();
        const current = id ? await em.findOne(Store, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
        if (id && (!current || (!isOperator && by.user?.storeId !== current.id))) throw new NotFoundError(t('marketplace.storeNotFound'));
        let input = parseInput(storeInputSchema, current ? { ...storeViewOf(current), ...form } : form);
        if (current && !isOperator) {
          const allowed = storeAdminEdit(storeViewOf(current), input);
          if (allowed === 'country') throw new ForbiddenError(t('marketplace.storeCountryOperatorsOnly'));
          input = allowed;
        }
        prefix = input.pathPrefix;
        if (input.pathPrefix) {
          const taken = await em.findOne(Store, { pathPrefix: input.pathPrefix, ...(current ? { id: { $ne: current.id } } : {}) });
          if (taken) throw pathPrefixTaken(input.pathPrefix);
        }
        const hidBefore = current ? storeHidesReferences(current) : false;
        const store = current ?? em.create(Store, { ...storeFields(input), id: randomUUID(), createdAt: now, updatedAt: now });
        if (current) em.assign(store, { ...storeFields(input), updatedAt: now });
        const actor = actorOf(by);
        recordEvent(em, StoreUpdated, { store: storeSnapshotOf(store) }, { aggregateId: store.id, actor, occurredAt: now });
        if (!hidBefore && storeHidesReferences(store)) await this.readdressProducts(em, store.id, actor, now);
        return storeViewOf(store);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && prefix) throw pathPrefixTaken(prefix);
      throw error;
    }
  }

  /**
   * A store that starts hiding its references (spec 000 §6) must not show them in its products' addresses
   * either (issue 20 §9): each product gets an address without the part number, and a ProductUpdated.
   */
  private async readdressProducts(em: EntityManager, storeId: string, actor: Actor, now: Date): Promise<void> {
    for (let offset = 0; ; offset += BATCH) {
      const products = await em.find(
        Product,
        { store: storeId, state: { $ne: 'deleted' } },
        { orderBy: { id: 'asc' }, limit: BATCH, offset },
      );
      for (const product of products) {
        const productUrl = productUrlFor(
          { title: product.title, manufacturer_title: product.manufacturerTitle, referencia_1: product.referencia1 },
          product.id,
          { hideReference: true },
        );
        if (productUrl === product.productUrl) continue;
        em.assign(product, { productUrl, updatedAt: now });
        recordEvent(em, ProductUpdated, { product: snapshotOf(recordOf(product)) }, { aggregateId: product.id, actor, occurredAt: now });
      }
      await em.flush();
      if (products.length < BATCH) return;
    }
  }
}
