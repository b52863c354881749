import { Injectable } from '@nestjs/common';
import type { ContextDatabase } from '../database/context-database.js';
import type { Subscription } from '../events/transport.js';
import type { ResolvedSession, SessionResolver } from '../http/visitor.js';

/**
 * What the contexts running in this process bring to the kernel: their databases (for relays,
 * readiness and shutdown), their consumer groups, and the identity context's session resolver.
 */
@Injectable()
export class ContextRegistry {
  readonly databases: ContextDatabase[] = [];
  readonly subscriptions: Subscription[] = [];
  private localResolver: SessionResolver | null = null;
  private remoteResolver: SessionResolver | null = null;

  addDatabase(db: ContextDatabase): void {
    if (!this.databases.includes(db)) this.databases.push(db);
  }

  /** A context's consumer group; consumers start in the worker role. */
  addSubscription(sub: Subscription): void {
    this.subscriptions.push(sub);
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

/** Resolves sessions through identity's internal endpoint when identity runs in another process. */
export class HttpSessionResolver implements SessionResolver {
  private readonly cache = new Map<string, { at: number; value: ResolvedSession | null }>();

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly ttlMs = 5000,
  ) {}

  async resolve(sessionId: string): Promise<ResolvedSession | null> {
    const hit = this.cache.get(sessionId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const res = await fetch(`${this.baseUrl}/internal/identity/sessions/${encodeURIComponent(sessionId)}`, {
      headers: { 'x-internal-token': this.token },
      signal: AbortSignal.timeout(2000),
    });
    const value = res.status === 200 ? ((await res.json()) as { data: ResolvedSession }).data : null;
    if (res.status !== 200 && res.status !== 404) throw new Error(`identity answered ${res.status}`);
    if (this.cache.size > 10000) this.cache.clear();
    this.cache.set(sessionId, { at: Date.now(), value });
    return value;
  }
}
