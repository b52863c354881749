import { Injectable } from '@nestjs/common';
import type { ContextDatabase } from '../database/context-database.js';
import type { EventDefinition } from '@tuerca/contracts';
import type { Subscription } from '../events/transport.js';
import type { ResolvedSession, SessionResolver } from '../http/visitor.js';
import { internalSessionRoutes } from '@tuerca/contracts';
import { DomainError } from '../http/domain-error.js';
import { callInternalRoute } from '../http/internal-call.js';
import type { SessionRevocations } from '../security/session-revocations.js';

/**
 * What the contexts running in this process bring to the kernel: their databases (for relays,
 * readiness and shutdown), their consumer groups, and the identity context's session resolver.
 */
@Injectable()
export class ContextRegistry {
  readonly databases: ContextDatabase[] = [];
  readonly subscriptions: Subscription[] = [];
  private readonly schemas = new Set<string>();
  private localResolver: SessionResolver | null = null;
  private remoteResolver: SessionResolver | null = null;

  addDatabase(db: ContextDatabase): void {
    if (!this.databases.includes(db)) this.databases.push(db);
  }

  /**
   * A context's consumer group; consumers start in the worker role. `handle` receives the envelope checked
   * against the definition it matched, typed as the union of `events`.
   */
  addSubscription<const E extends readonly EventDefinition[]>(sub: Subscription<E>): void {
    this.subscriptions.push(sub as unknown as Subscription);
  }

  /**
   * The schemas of every context of the product, running here or not (the composition root names them), so
   * operations that span contexts — the dead letters, retention's slowest consumer — see all of them.
   */
  addProductSchemas(schemas: readonly string[]): void {
    for (const s of schemas) this.schemas.add(s);
  }

  productSchemas(): string[] {
    return [...new Set([...this.schemas, ...this.databases.map((d) => d.schema)])].sort();
  }

  /** Identity registers its in-process resolver; otherwise sessions are resolved over HTTP. */
  useLocalSessionResolver(resolver: SessionResolver): void {
    this.localResolver = resolver;
  }

  useRemoteSessionResolver(resolver: SessionResolver): void {
    this.remoteResolver = resolver;
  }

  sessionResolver(): SessionResolver | null {
    return this.localResolver ?? this.remoteResolver;
  }
}

/**
 * Resolves sessions through identity's internal endpoint when identity runs in another process. Answers are
 * cached briefly and dropped as soon as the session ends or its person changes (`SessionRevocations`). When
 * identity cannot be reached in time, a logged-in request is answered 503 with the Spanish 'servicio
 * intermitente' text (the request cannot be served as the person, nor silently as a guest), never 500.
 */
export class HttpSessionResolver implements SessionResolver {
  private readonly cache = new Map<string, { at: number; value: ResolvedSession | null }>();

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly revocations: SessionRevocations,
    private readonly ttlMs = 5000,
    private readonly timeoutMs = 2000,
  ) {}

  async resolve(sessionId: string, write = true): Promise<ResolvedSession | null> {
    const hit = this.cache.get(sessionId);
    if (hit && Date.now() - hit.at < this.ttlMs && !(await this.revocations.isStale(sessionId, hit.value?.user.id ?? null, hit.at, write)))
      return hit.value;
    const at = Date.now();
    let value: ResolvedSession | null;
    try {
      const answer = await callInternalRoute<{ data: ResolvedSession }>(
        internalSessionRoutes.resolve,
        { params: { token: sessionId } },
        { context: 'identity', baseUrl: this.baseUrl, token: this.token, timeoutMs: this.timeoutMs },
      );
      value = answer.data;
    } catch (err) {
      // 404: the session ended, expired or never existed — the visitor goes on as a guest.
      if (!(err instanceof DomainError) || err.status !== 404) throw err;
      value = null;
    }
    if (this.cache.size > 10000) this.cache.clear();
    this.cache.set(sessionId, { at, value });
    return value;
  }
}
