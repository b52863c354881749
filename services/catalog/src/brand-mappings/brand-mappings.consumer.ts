import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BrandMappingRemoved, BrandMappingSaved, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry, kysely, withinTransaction } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';

/** One of integrations' brand-mapping events applied to the catalogue's copy. `tx`: the consumer's transaction. */
export class CopyBrandMappingEvent extends Command<void> {
  constructor(
    readonly event: EventEnvelope,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/**
 * A saved mapping replaces the store's older mapping of the same label (one per label and store in
 * integrations; two ids can meet here when a removal and a new mapping arrive out of order); a late, older
 * copy of a mapping never overwrites a newer one.
 */
@CommandHandler(CopyBrandMappingEvent)
export class CopyBrandMappingEventHandler implements ICommandHandler<CopyBrandMappingEvent> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ event, tx }: CopyBrandMappingEvent): Promise<void> {
    return withinTransaction(this.db, tx, async (em) => {
      const k = kysely<CatalogDB>(em);
      if (event.type === BrandMappingRemoved.name) {
        const { mappingId } = event.payload as PayloadOf<typeof BrandMappingRemoved>;
        await k.deleteFrom('BrandMapping').where('id', '=', mappingId).execute();
        return;
      }
      const m = event.payload as PayloadOf<typeof BrandMappingSaved>;
      const updatedAt = new Date(m.updatedAt);
      await k
        .deleteFrom('BrandMapping')
        .where('storeId', '=', m.storeId)
        .where('brandKey', '=', m.brandKey)
        .where('id', '!=', m.mappingId)
        .where('updatedAt', '<=', updatedAt)
        .execute();
      const row = {
        id: m.mappingId,
        storeId: m.storeId,
        brandKey: m.brandKey,
        productBrand: m.productBrand,
        brandAaiaid: m.brandAaiaid,
        brandName: m.brandName,
        updatedAt,
      };
      await k
        .insertInto('BrandMapping')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row).where('BrandMapping.updatedAt', '<=', updatedAt))
        .execute();
    });
  }
}

/** The consumer group `catalog.brand-mappings`: integrations' brand mappings into the catalogue's copy. */
@Injectable()
export class CatalogBrandMappingsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'brand-mappings',
      events: [BrandMappingSaved, BrandMappingRemoved],
      handle: async (event, em) => {
        await this.commands.execute(new CopyBrandMappingEvent(event, em));
      },
    });
  }
}
