import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BrandMappingRemoved, BrandMappingSaved, type EventEnvelope } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry, applyEventCopy, copyEvents, defineEventCopy, withinTransaction } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/**
 * The marketplace's copy of integrations' brand mappings. One mapping per label and store in integrations, so a
 * saved mapping replaces the store's older one of the same label (two ids meet here when a removal and a new
 * mapping arrive out of order); a late, older copy of a mapping never overwrites a newer one.
 */
export const brandMappingCopy = defineEventCopy<MarketplaceDB>()({
  table: 'BrandMapping',
  key: 'id',
  versionedBy: 'updatedAt',
  replaces: ['storeId', 'brandKey'],
  saved: BrandMappingSaved,
  removed: BrandMappingRemoved,
  row: (m) => ({
    id: m.mappingId,
    storeId: m.storeId,
    brandKey: m.brandKey,
    productBrand: m.productBrand,
    brandAaiaid: m.brandAaiaid,
    brandName: m.brandName,
    updatedAt: new Date(m.updatedAt),
  }),
  removedKey: (m) => m.mappingId,
});

/** One of integrations' brand-mapping events applied to the marketplace's copy. `tx`: the consumer's transaction. */
export class ApplyBrandMappingEvent extends Command<void> {
  constructor(
    readonly event: EventEnvelope,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(ApplyBrandMappingEvent)
export class ApplyBrandMappingEventHandler implements ICommandHandler<ApplyBrandMappingEvent> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ event, tx }: ApplyBrandMappingEvent): Promise<void> {
    return withinTransaction(this.db, tx, (em) => applyEventCopy(em, brandMappingCopy, event));
  }
}

/** The consumer group `marketplace.brand-mappings`: integrations' brand mappings into the marketplace's copy. */
@Injectable()
export class BrandMappingsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'brand-mappings',
      events: copyEvents(brandMappingCopy),
      handle: async (event, em) => {
        await this.commands.execute(new ApplyBrandMappingEvent(event, em));
      },
    });
  }
}
