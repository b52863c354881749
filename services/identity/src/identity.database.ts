import { Migration005SellerInvitations } from './migrations/Migration005SellerInvitations.js';
import { SellerInvitation } from './invitations/seller-invitation.entity.js';
import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { Session } from './sessions/session.entity.js';
import { User } from './users/user.entity.js';
import { Address } from './addresses/address.entity.js';
import { Registration } from './auth/registration.entity.js';
import { Migration001Identity } from './migrations/Migration001Identity.js';
import { Migration002AdminConsole } from './migrations/Migration002AdminConsole.js';
import { Migration003Addresses } from './migrations/Migration003Addresses.js';
import { Migration004Registrations } from './migrations/Migration004Registrations.js';

const entities = [User, Session, Address, Registration, SellerInvitation] as const;

export const identityDatabase = {
  schema: 'identity',
  entities,
  migrations: [
    Migration001Identity,
    Migration002AdminConsole,
    Migration003Addresses,
    Migration004Registrations,
    Migration005SellerInvitations,
  ],
} satisfies ContextDatabaseOptions;

/** The identity schema as typed Kysely sees it (tables by entity name, columns by property). */
export type IdentityDB = KyselyDB<typeof entities>;
