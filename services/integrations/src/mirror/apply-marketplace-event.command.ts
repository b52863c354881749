import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppParameterChanged,
  ConsultationsCredited,
  UserUpdated,
  ProductDeleted,
  ProductPublished,
  ProductUpdated,
  StoreUpdated,
  type EventEnvelope,
  type PayloadOf,
  type ProductSnapshot,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely, withinTransaction } from '@tuerca/platform';
import type { IntegrationsDB } from '../integrations.database.js';
import { ListingDuties } from '../listings/listing-duties.js';

/** A marketplace, billing or identity event applied to this context's copy. `tx`: the consumer's transaction. */
export class ApplyMarketplaceEvent extends Command<void> {
  constructor(
    readonly event: EventEnvelope,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/** The parameters this context follows (billing's app parameters). */
const FOLLOWED_PARAMETERS = new Set(['freePublicationsInML']);

/**
 * Products and stores are copied (only the fields the channels need); a product that changes makes its
 * listings due on every channel it is on ("stock and price changes synchronised by events"), a deleted or
 * depleted one is closed there. Events older than the row they would overwrite are ignored.
 */
@CommandHandler(ApplyMarketplaceEvent)
export class ApplyMarketplaceEventHandler implements ICommandHandler<ApplyMarketplaceEvent> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly duties: ListingDuties,
  ) {}

  execute({ event, tx }: ApplyMarketplaceEvent): Promise<void> {
    return withinTransaction(this.db, tx, async (em) => {
      const k = kysely<IntegrationsDB>(em);
      const at = new Date(event.occurredAt);
      switch (event.type) {
        case ProductPublished.name:
        case ProductUpdated.name: {
          const { product } = event.payload as PayloadOf<typeof ProductPublished>;
          const row = mirrorRow(product, at);
          const written = await k
            .insertInto('MirroredProduct')
            .values(row)
            .onConflict((oc) => oc.column('id').doUpdateSet(row).where('MirroredProduct.updatedAt', '<=', at))
            .returning('id')
            .executeTakeFirst();
          if (written) await this.duties.productChanged(em, product.id, product.state !== 'published' || product.inventario < 1);
          return;
        }
        case ProductDeleted.name: {
          const { productId } = event.payload as PayloadOf<typeof ProductDeleted>;
          await k.updateTable('MirroredProduct').set({ state: 'deleted', updatedAt: at }).where('id', '=', productId).execute();
          await this.duties.productChanged(em, productId, true);
          return;
        }
        case StoreUpdated.name: {
          const { store } = event.payload as PayloadOf<typeof StoreUpdated>;
          const row = { id: store.id, name: store.name, country: store.country, currency: store.currency, updatedAt: at };
          await k
            .insertInto('MirroredStore')
            .values(row)
            .onConflict((oc) => oc.column('id').doUpdateSet(row))
            .execute();
          return;
        }
        case AppParameterChanged.name: {
          const { name, value } = event.payload as PayloadOf<typeof AppParameterChanged>;
          if (!FOLLOWED_PARAMETERS.has(name)) return;
          // The ORM's Kysely serialises the jsonb column itself (stringifying here stored the number as a JSON string).
          const row = { name, value, updatedAt: this.clock.now() };
          await k
            .insertInto('Setting')
            .values(row)
            .onConflict((oc) => oc.column('name').doUpdateSet(row))
            .execute();
          return;
        }
        case ConsultationsCredited.name: {
          // spec 000 §1/§9: marketplace-integration plans last 30 days from top-up (billing's expiresAt). A trial
          // does not exist for this type; a purchase or an operator's credit is a plan.
          const c = event.payload as PayloadOf<typeof ConsultationsCredited>;
          if (c.type !== 'marketplace_integration' || c.source === 'trial') return;
          await k
            .insertInto('IntegrationPlan')
            .values({
              balanceId: c.balanceId,
              userId: c.userId,
              amount: c.amount,
              source: c.source,
              expiresAt: new Date(c.expiresAt),
              creditedAt: at,
            })
            .onConflict((oc) => oc.column('balanceId').doNothing())
            .execute();
          return;
        }
        case UserUpdated.name: {
          const { userId, storeId } = event.payload as PayloadOf<typeof UserUpdated>;
          const row = { userId, storeId, updatedAt: at };
          await k
            .insertInto('StoreMember')
            .values(row)
            .onConflict((oc) => oc.column('userId').doUpdateSet(row).where('StoreMember.updatedAt', '<=', at))
            .execute();
          return;
        }
      }
    });
  }
}

export function mirrorRow(product: ProductSnapshot, at: Date) {
  return {
    id: product.id,
    storeId: product.storeId,
    title: product.title,
    description: product.descripcion,
    brand: product.manufacturer_title,
    reference: product.referencia_1,
    stock: product.inventario,
    price: product.actualPrice,
    images: product.imagesURLs,
    productUrl: product.productUrl,
    compatibleVehicles: product.compatibleVehicles,
    state: product.state,
    updatedAt: at,
  };
}
