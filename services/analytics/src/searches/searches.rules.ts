import { createHash } from 'node:crypto';
import type {
  CatalogSearched,
  EventEnvelope,
  PayloadOf,
  PlateLookedUp,
  PlateLookedUpV2,
  ProductsSearched,
  ProductsSearchedV2,
  SearchKind,
} from '@tuerca/contracts';

/**
 * The calendar day (YYYY-MM-DD) of an instant in Colombia: the analytics read model counts Bogotá days.
 * America/Bogota is UTC−5 all year (no daylight saving since 1993).
 */
export function bogotaDay(at: Date): string {
  return new Date(at.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A search as the read model keeps it, whatever context it came from. */
export interface SearchFact {
  eventId: string;
  occurredAt: Date;
  day: string;
  kind: SearchKind;
  query: string;
  personKind: 'guest' | 'user';
  catalogCode: string | null;
  make: string | null;
  country: string | null;
  found: boolean;
  resultCount: number;
  latencyMs: number;
}

type Envelope<P> = Pick<EventEnvelope<P>, 'eventId' | 'occurredAt' | 'type' | 'version' | 'actor'> & { payload: P };

export type SearchEvent =
  | Envelope<PayloadOf<typeof CatalogSearched>>
  | Envelope<PayloadOf<typeof ProductsSearched>>
  | Envelope<PayloadOf<typeof ProductsSearchedV2>>
  | Envelope<PayloadOf<typeof PlateLookedUp>>
  | Envelope<PayloadOf<typeof PlateLookedUpV2>>;

const personOf = (kind: string): 'guest' | 'user' => (kind === 'user' ? 'user' : 'guest');

/** The read-model row of one search event (pure: the consumer's command writes it). */
export function searchFactOf(event: SearchEvent): SearchFact {
  const occurredAt = new Date(event.occurredAt);
  const base = { eventId: event.eventId, occurredAt, day: bogotaDay(occurredAt) };
  if (event.type === 'CatalogSearched') {
    const p = event.payload as PayloadOf<typeof CatalogSearched>;
    return {
      ...base,
      kind: p.kind,
      query: p.query,
      personKind: p.personKind,
      catalogCode: p.catalogCode,
      make: p.make ?? null,
      country: null,
      found: p.found,
      resultCount: p.resultCount,
      latencyMs: p.latencyMs,
    };
  }
  if (event.type === 'ProductsSearched' && event.version === 1) {
    const p = event.payload as PayloadOf<typeof ProductsSearched>;
    return {
      ...base,
      kind: p.kind,
      query: p.query,
      personKind: p.personKind,
      catalogCode: null,
      make: null,
      country: p.country,
      found: p.found,
      resultCount: p.resultCount,
      latencyMs: p.latencyMs,
    };
  }
  if (event.type === 'PlateLookedUp' && event.version === 1) {
    // Older entries carried the plate in clear: it is dropped here and never stored (DESIGN §5).
    const p = event.payload as PayloadOf<typeof PlateLookedUp>;
    return {
      ...base,
      kind: 'plate',
      query: '',
      personKind: personOf(p.who.kind),
      catalogCode: null,
      make: null,
      country: p.country,
      found: p.found,
      resultCount: p.found ? 1 : 0,
      latencyMs: 0,
    };
  }
  if (event.type === 'PlateLookedUp') {
    const p = event.payload as PayloadOf<typeof PlateLookedUpV2>;
    return {
      ...base,
      kind: 'plate',
      query: '',
      personKind: p.personKind,
      catalogCode: null,
      make: p.make,
      country: p.country,
      found: p.found,
      resultCount: p.found ? 1 : 0,
      latencyMs: p.latencyMs,
    };
  }
  throw new Error(`not a search event: ${event.type} v${event.version}`);
}

/**
 * The id of the i-th search an event carries: the event's id for an event of one search, otherwise a UUID derived
 * from the event's id and the position (name-based, as RFC 9562 §5.5), so a redelivered event yields the same ids.
 */
export function searchIdOf(eventId: string, i: number): string {
  const h = createHash('sha1').update(`${eventId}:${i}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** Every search an event carries as read-model rows: one for most events, each search of a ProductsSearched v2. */
export function searchFactsOf(event: SearchEvent): SearchFact[] {
  if (event.type === 'ProductsSearched' && event.version === 2) {
    const { since, searches } = event.payload as PayloadOf<typeof ProductsSearchedV2>;
    const start = new Date(since).getTime();
    return searches.map(([after, kind, query, personKind, country, resultCount, latencyMs], i) => {
      const occurredAt = new Date(start + after);
      return {
        eventId: searchIdOf(event.eventId, i),
        occurredAt,
        day: bogotaDay(occurredAt),
        kind,
        query,
        personKind,
        catalogCode: null,
        make: null,
        country,
        found: resultCount > 0,
        resultCount,
        latencyMs,
      };
    });
  }
  return [searchFactOf(event)];
}
