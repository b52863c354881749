import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A logged-in session. The cookie carries a random token; only its SHA-256 is stored, so a leaked
 * table does not leak sessions.
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    tokenHash: p.text().primary(),
    user: () => p.manyToOne(User).fieldName('user_id').deleteRule('cascade').foreignKeyName('sessions_user_id_fkey').index(),
    /** The visitor id the person browsed with before logging in. */
    guestId: p.text(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    ip: p.text().nullable(),
    userAgent: p.text().nullable(),
  },
});
export type Session = InferEntity<typeof Session>;
