import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { VinCatalogued, type EventEnvelope, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';

/**
 * Garage's own read model of the catalogue: whether a VIN opens a catalogue (the vehicle card's buttons),
 * kept from the catalogue's VinCatalogued events — garage never reads the catalogue's tables.
 */
@Injectable()
export class VinCatalogProjection implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'vin-catalog',
      events: [VinCatalogued],
      handle: (event, em) => this.apply(event as EventEnvelope<PayloadOf<typeof VinCatalogued>>, em),
    });
  }

  async apply(event: EventEnvelope<PayloadOf<typeof VinCatalogued>>, em: EntityManager): Promise<void> {
    const p = event.payload;
    // Last word wins by event time, so a late redelivery of an older fact changes nothing.
    await em.execute(
      `insert into vin_catalog (vin, has_catalog, catalog_code, updated_at) values (?, ?, ?, ?)
       on conflict (vin) do update set has_catalog = excluded.has_catalog, catalog_code = excluded.catalog_code, updated_at = excluded.updated_at
       where vin_catalog.updated_at <= excluded.updated_at`,
      [p.vin.toUpperCase(), p.hasCatalog, p.catalogCode, event.occurredAt],
    );
  }
}
