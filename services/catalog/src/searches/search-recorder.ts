import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogSearched, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, actorOf, kysely, recordEvent, type Visitor } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';

export type SearchKind = 'vin' | 'frame' | 'oem' | 'substitutions';

export interface SearchRecord {
  kind: SearchKind;
  query: string;
  catalogCode: string | null;
  resultCount: number;
  /** When the search started (Date.now()), for its latency. */
  started: number;
  vinAnswer?: PayloadOf<typeof CatalogSearched>['vinAnswer'];
  qrId?: string | null;
  /** The catalogue generation that served a VIN or frame search. */
  generation?: 'old' | 'v2';
}

/** Every catalogue search served records CatalogSearched (for the analytics context), found or not, in its own transaction. */
@Injectable()
export class SearchRecorder {
  constructor(private readonly db: ContextDatabase) {}

  record(visitor: Visitor, s: SearchRecord, also?: (em: EntityManager) => void): Promise<void> {
    return this.db.transactional(async (em) => {
      // The analytics dashboard groups searches by make: the catalogue's brand travels with the event.
      const catalog = s.catalogCode
        ? await kysely<CatalogDB>(em).selectFrom('Catalog').select('brand').where('code', '=', s.catalogCode).executeTakeFirst()
        : undefined;
      recordEvent(
        em,
        CatalogSearched,
        {
          kind: s.kind,
          query: s.query,
          personKind: visitor.user ? 'user' : 'guest',
          catalogCode: s.catalogCode,
          found: s.resultCount > 0,
          resultCount: s.resultCount,
          latencyMs: Math.max(0, Date.now() - s.started),
          ...(s.vinAnswer ? { vinAnswer: s.vinAnswer } : {}),
          ...(s.qrId ? { qrId: s.qrId } : {}),
          ...(s.generation ? { generation: s.generation } : {}),
          make: catalog?.brand ?? null,
        },
        { aggregateId: `${s.kind}:${s.query}`, actor: actorOf(visitor) },
      );
      also?.(em);
      await em.flush();
    });
  }
}
