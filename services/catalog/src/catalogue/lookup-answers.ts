import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Clock, ContextDatabase, EventBus, LOGGER, type Logger } from '@tuerca/platform';
import { VEHICLES_CHANGED_CHANNEL } from '../migrations/Migration009VehicleChanges.js';
import { LOOKUPS_CHANGED_CHANNEL } from './lookup-changes.js';

/**
 * How long an answer is kept while this process cannot hear the catalogue's change notifications (its
 * PostgreSQL session is down); while it hears them, answers are kept until the tables they read change.
 */
export const LOOKUP_ANSWERS_TTL_MS = 60_000;

/** One kind of kept answer (the substitutions of a reference, the catalogues of an OEM): bounded, oldest out first. */
export class KeptAnswers<T> {
  private readonly map = new Map<string, { generation: number; at: number; value: Promise<T> }>();

  constructor(
    private readonly changes: LookupAnswers,
    private readonly max: number,
  ) {}

  /** The kept answer to `key`, or `read()`'s — kept unless the tables changed while it was read. */
  get(key: string, read: () => Promise<T>): Promise<T> {
    const generation = this.changes.generation;
    const kept = this.map.get(key);
    if (kept && kept.generation === generation && this.changes.fresh(kept.at)) {
      this.map.delete(key);
      this.map.set(key, kept);
      return kept.value;
    }
    const value = read();
    this.map.set(key, { generation, at: this.changes.now(), value });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    const forget = () => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    };
    value.then(() => this.changes.generation !== generation && forget(), forget);
    return value;
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * The catalogue's lookup answers kept in memory (issue 21: findCatalogsByOem at 200 req/s and getSubstitutions
 * at 1,000 req/s on two cores, where the same read per request through typed Kysely cost most of the request):
 * an answer depends only on its question and on the tables it reads — parts, cross_references, catalogs — so
 * it is kept until they change. The tables' statement triggers notify on commit (`tuerca_catalog_lookups`,
 * Migration010; `tuerca_catalog_vehicles` for catalogs, Migration009), heard on the process's PostgreSQL
 * session, and every kept answer is dropped (`generation` moves); while that session is down, answers expire
 * after LOOKUP_ANSWERS_TTL_MS. A change is followed as soon as its notification arrives — milliseconds after
 * its commit (services/catalog/test/lookup-answers.int-spec.ts).
 */
@Injectable()
export class LookupAnswers implements OnApplicationBootstrap, OnModuleDestroy {
  private listening = false;
  private readonly stops: (() => void)[] = [];
  private readonly onLost = () => {
    // Notifications sent while the session was down are lost: drop everything, and from now on expire by time.
    this.listening = false;
    this.invalidate();
  };
  /** Moved on every change heard (and on every invalidate): what was kept before is stale. */
  generation = 0;

  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A bounded store of one kind of answer. */
  keep<T>(max: number): KeptAnswers<T> {
    return new KeptAnswers<T>(this, max);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.bus.session.on('lost', this.onLost);
    try {
      for (const channel of [LOOKUPS_CHANGED_CHANNEL, VEHICLES_CHANGED_CHANNEL])
        this.stops.push(
          await this.bus.session.listen(channel, (schema) => {
            if (schema === this.db.schema) this.invalidate();
          }),
        );
      // Anything read before the session listened may already be stale.
      this.invalidate();
      this.listening = true;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'catalogue lookup changes not heard; kept answers expire by time');
    }
  }

  onModuleDestroy(): void {
    this.bus.session.off('lost', this.onLost);
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Drops every kept answer (a change heard from the database, or made in this process). */
  invalidate(): void {
    this.generation++;
  }

  now(): number {
    return this.clock.now().getTime();
  }

  /** Whether what was kept at `at` still holds: always while changes are heard, LOOKUP_ANSWERS_TTL_MS otherwise. */
  fresh(at: number): boolean {
    return this.listening || this.now() - at < LOOKUP_ANSWERS_TTL_MS;
  }
}
