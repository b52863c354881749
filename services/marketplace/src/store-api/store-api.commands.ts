import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { t, type StoreApiClientCreate, type StoreApiClientUpdate, type StoreApiClientView, type StoreOrderView } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, ValidationError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { actingStoreId, canManageStore, type Manager } from '../stores/store-access.js';
import { StoreApiClient } from './store-api-client.entity.js';
import { StoreOrder } from './store-order.entity.js';
import { StoreApiSecrets } from './store-api-secrets.js';
import { newClientSecret } from './secret-box.js';
import { isAllowedTarget, secretHintOf } from './store-api.rules.js';
import { StoreApiDeliveries, queueDeliveries } from './store-api-deliveries.js';
import { loadClientView, storeOrderView } from './store-api.queries.js';

function assertUrl(url: string, nodeEnv: string): void {
  if (!isAllowedTarget(url, nodeEnv))
    throw new ValidationError([t('storeApi.invalidUrl')], [{ path: 'url', message: t('storeApi.invalidUrl') }]);
}

/** Registers a store's API client; the secret (the store's or one drawn here) is answered once, in this view. */
export class RegisterStoreApiClient extends Command<StoreApiClientView> {
  constructor(
    readonly by: Manager,
    readonly input: StoreApiClientCreate,
  ) {
    super();
  }
}

@CommandHandler(RegisterStoreApiClient)
export class RegisterStoreApiClientHandler implements ICommandHandler<RegisterStoreApiClient> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly secrets: StoreApiSecrets,
  ) {}

  async execute({ by, input }: RegisterStoreApiClient) {
    const storeId = actingStoreId(by, input.storeId);
    assertUrl(input.url, this.secrets.nodeEnv);
    const secret = input.secret ?? newClientSecret();
    return this.db.transactional(async (em) => {
      const store = await kysely<MarketplaceDB>(em).selectFrom('Store').select('id').where('id', '=', storeId).executeTakeFirst();
      if (!store) throw new NotFoundError();
      const client = em.create(StoreApiClient, {
        id: randomUUID(),
        store: storeId,
        name: input.name,
        url: input.url,
        secretCiphertext: this.secrets.seal(secret),
        secretHint: secretHintOf(secret),
        active: input.active,
      });
      await em.flush();
      return loadClientView(em, by, client.id, secret);
    });
  }
}

/** Changes a client (name, URL, active) or draws it a new secret, answered once. Deactivating stops its pending deliveries. */
export class UpdateStoreApiClient extends Command<StoreApiClientView> {
  constructor(
    readonly by: Manager,
    readonly id: string,
    readonly input: StoreApiClientUpdate,
  ) {
    super();
  }
}

@CommandHandler(UpdateStoreApiClient)
export class UpdateStoreApiClientHandler implements ICommandHandler<UpdateStoreApiClient> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly secrets: StoreApiSecrets,
  ) {}

  async execute({ by, id, input }: UpdateStoreApiClient) {
    if (input.url !== undefined) assertUrl(input.url, this.secrets.nodeEnv);
    return this.db.transactional(async (em) => {
      const client = await em.findOne(StoreApiClient, { id });
      if (!client || !canManageStore(by, client.store.id)) throw new NotFoundError(t('storeApi.clientNotFound'));
      if (input.name !== undefined) client.name = input.name;
      if (input.url !== undefined) client.url = input.url;
      let secret: string | undefined;
      if (input.rotateSecret) {
        secret = newClientSecret();
        client.secretCiphertext = this.secrets.seal(secret);
        client.secretHint = secretHintOf(secret);
      }
      if (input.active !== undefined && input.active !== client.active) {
        client.active = input.active;
        if (!input.active)
          await kysely<MarketplaceDB>(em)
            .updateTable('StoreApiDelivery')
            .set({ status: 'cancelled', nextAttemptAt: null, lastError: 'client inactive', updatedAt: new Date() })
            .where('client', '=', id)
            .where('status', '=', 'pending')
            .execute();
      }
      await em.flush();
      return loadClientView(em, by, id, secret);
    });
  }
}

/** The transaction, when it is one of the stores the person manages; else 404 (its existence is not revealed). */
async function manageableOrder(em: EntityManager, by: Manager, transactionId: string) {
  const tx = await kysely<MarketplaceDB>(em)
    .selectFrom('Transaction')
    .select(['id', 'refVenta', 'store'])
    .where('id', '=', transactionId)
    .executeTakeFirst();
  if (!tx || !canManageStore(by, tx.store)) throw new NotFoundError(t('errors.notFound'));
  return tx;
}

/** The store's row for a transaction, created on first use (no row: shown and synced). */
async function storeOrderOf(em: EntityManager, tx: { id: string; store: string }) {
  const existing = await em.findOne(StoreOrder, { transaction: tx.id });
  if (existing) return existing;
  return em.create(StoreOrder, { transaction: tx.id, store: tx.store, hiddenAt: null, apiSyncRemovedAt: null });
}

export type StoreOrderResult = { view: StoreOrderView; message: string };

/**
 * sendOrderToAPI: the order goes again to every active client of the store, as a new delivery (`order.resent`,
 * a new event id: the store has either lost the first one or wants it again); it also turns the order's sync
 * back on. 409 when the store has no active client.
 */
export class ResendStoreOrder extends Command<StoreOrderResult> {
  constructor(
    readonly by: Manager,
    readonly transactionId: string,
  ) {
    super();
  }
}

@CommandHandler(ResendStoreOrder)
export class ResendStoreOrderHandler implements ICommandHandler<ResendStoreOrder> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly deliveries: StoreApiDeliveries,
  ) {}

  async execute({ by, transactionId }: ResendStoreOrder) {
    const result = await this.db.transactional(async (em) => {
      const tx = await manageableOrder(em, by, transactionId);
      const order = await storeOrderOf(em, tx);
      order.apiSyncRemovedAt = null;
      await em.flush();
      const duties = await queueDeliveries(em, tx.id, 'order.resent', this.clock.now());
      if (duties.length === 0) throw new DomainError(409, 'No active API client', [t('storeApi.noActiveClient')]);
      return { duties, view: await storeOrderView(em, tx.id), ref: tx.refVenta };
    });
    await this.deliveries.arm(result.duties);
    return { view: result.view, message: t('storeApi.orderQueued', { ref: result.ref }) };
  }
}

/** removeApiSync: the order is no longer sent to the store's API; its pending deliveries are cancelled. */
export class RemoveApiSync extends Command<StoreOrderResult> {
  constructor(
    readonly by: Manager,
    readonly transactionId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveApiSync)
export class RemoveApiSyncHandler implements ICommandHandler<RemoveApiSync> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, transactionId }: RemoveApiSync) {
    return this.db.transactional(async (em) => {
      const tx = await manageableOrder(em, by, transactionId);
      const now = this.clock.now();
      const order = await storeOrderOf(em, tx);
      order.apiSyncRemovedAt ??= now;
      await em.flush();
      await kysely<MarketplaceDB>(em)
        .updateTable('StoreApiDelivery')
        .set({ status: 'cancelled', nextAttemptAt: null, lastError: 'sync removed', updatedAt: now })
        .where('transaction', '=', tx.id)
        .where('status', '=', 'pending')
        .execute();
      return { view: await storeOrderView(em, tx.id), message: t('storeApi.syncRemoved', { ref: tx.refVenta }) };
    });
  }
}

/** changeOrderVisibility: hides the order from the store's list (or shows it again); without `visible` it toggles. */
export class ChangeOrderVisibility extends Command<StoreOrderResult> {
  constructor(
    readonly by: Manager,
    readonly transactionId: string,
    readonly visible: boolean | undefined,
  ) {
    super();
  }
}

@CommandHandler(ChangeOrderVisibility)
export class ChangeOrderVisibilityHandler implements ICommandHandler<ChangeOrderVisibility> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ by, transactionId, visible }: ChangeOrderVisibility) {
    return this.db.transactional(async (em) => {
      const tx = await manageableOrder(em, by, transactionId);
      const order = await storeOrderOf(em, tx);
      const show = visible ?? order.hiddenAt !== null;
      order.hiddenAt = show ? null : (order.hiddenAt ?? this.clock.now());
      await em.flush();
      return {
        view: await storeOrderView(em, tx.id),
        message: t(show ? 'storeApi.orderShown' : 'storeApi.orderHidden', { ref: tx.refVenta }),
      };
    });
  }
}
