import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Role } from '@tuerca/contracts';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    /** Stored lower-cased and trimmed; unique. */
    email: p.text().unique('users_email_key'),
    passwordHash: p.text().hidden(),
    name: p.text().nullable(),
    mobile: p.text().nullable(),
    roles: p
      .array<Role>()
      .columnType('text[]')
      .defaultRaw(`'{customer}'`)
      .onCreate(() => ['customer'] as Role[]),
    /** Permission flag of the spec: may export a parts catalogue to a spreadsheet. */
    downloadPartsCatalog: p.boolean().default(false),
    /** Quotes, questions and purchases need a completed sign-up (name, mobile, country). */
    signUpCompleted: p.boolean().default(false),
    country: p.text().$type<'CO' | 'MX'>().default('CO').check(`country in ('CO', 'MX')`),
    storeId: p.uuid().nullable().index(),
    active: p.boolean().default(true),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
  },
  // The operator console's account list: newest first, and by role.
  indexes: [
    { name: 'users_created_at', expression: 'create index users_created_at on users (created_at desc, id desc)' },
    { name: 'users_roles', expression: 'create index users_roles on users using gin (roles)' },
  ],
});
export type User = InferEntity<typeof User>;
