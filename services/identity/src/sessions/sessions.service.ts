import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ContextDatabase,
  SESSION_MAX_AGE_S,
  SessionRevocations,
  sessionHash,
  type ResolvedSession,
  type SessionResolver,
} from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { toSessionUser } from '../users/user.rules.js';
import { Session } from './session.entity.js';

const CACHE_TTL_MS = 5000;

/** The token as the sessions table keeps it (and as the revocation marks name it): `sessionHash`. */
export function hashToken(token: string): string {
  return sessionHash(token);
}

/**
 * Server-side sessions: created at login, resolved on every request, revoked at logout. Resolutions are
 * cached for a few seconds per process; an ended session or a changed person is marked in the shared
 * `SessionRevocations` before the change answers, so no process (this one, another identity replica, or a
 * context resolving over HTTP) honours a stale copy on its next request.
 */
@Injectable()
export class SessionsService implements SessionResolver {
  private readonly cache = new Map<string, { at: number; hash: string; value: ResolvedSession | null }>();

  constructor(
    private readonly db: ContextDatabase,
    private readonly revocations: SessionRevocations,
  ) {}

  /** Opens a session inside the caller's unit of work; returns the token for the cookie. */
  open(em: EntityManager, user: User, guestId: string, meta: { ip?: string; userAgent?: string }): string {
    const token = randomBytes(32).toString('base64url');
    em.persist(
      em.create(Session, {
        tokenHash: hashToken(token),
        user,
        guestId,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
        revokedAt: null,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      }),
    );
    return token;
  }

  async resolve(token: string, write = true): Promise<ResolvedSession | null> {
    // Kept by the cookie's token (this process's memory only), with its hash: one SHA-256 per resolution, not per request.
    const hit = this.cache.get(token);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) {
      const stale = this.revocations.isStale(token, hit.value?.user.id ?? null, hit.at, write, hit.hash);
      if (stale === false || (stale !== true && !(await stale))) return hit.value;
    }
    const at = Date.now();
    const hash = hashToken(token);
    const session = await this.db
      .em()
      .findOne(
        Session,
        { tokenHash: hash, revokedAt: null, expiresAt: { $gt: new Date() }, user: { active: true } },
        { populate: ['user'] },
      );
    const value = session ? { user: toSessionUser(session.user), guestId: session.guestId } : null;
    if (this.cache.size > 10000) this.cache.clear();
    this.cache.set(token, { at, hash, value });
    return value;
  }

  /** The session has been revoked in the database: every process stops honouring it. */
  async ended(token: string): Promise<void> {
    this.cache.delete(token);
    await this.revocations.ended(token);
  }

  /** A person's roles, flags or state changed: every process resolves their sessions again. */
  async personChanged(userId: string): Promise<void> {
    for (const [k, v] of this.cache) if (v.value?.user.id === userId) this.cache.delete(k);
    await this.revocations.personChanged(userId);
  }
}
