import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Role } from '@tuerca/contracts';

/**
 * A registration waiting for its e-mail link. The link's token is random; only its SHA-256 is kept. The
 * account is created from this row when the link is opened (once, before `expiresAt`).
 */
export const Registration = defineEntity({
  name: 'Registration',
  tableName: 'registrations',
  properties: {
    id: p.uuid().primary(),
    tokenHash: p.text().unique('registrations_token_hash_key'),
    email: p.text(),
    passwordHash: p.text().hidden(),
    name: p.text(),
    mobile: p.text().nullable(),
    role: p.text().$type<Role>(),
    country: p.text().$type<'CO' | 'MX'>().check(`country in ('CO', 'MX')`),
    /** The visitor id the person browsed with when registering, so their guest work can follow them. */
    guestId: p.text().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'registrations_email', expression: 'create index registrations_email on registrations (email, created_at desc)' }],
});
export type Registration = InferEntity<typeof Registration>;
