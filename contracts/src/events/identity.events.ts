import { z } from 'zod';
import { defineEvent } from './define.js';
import { roleSchema } from '../identity/roles.js';

export const UserRegistered = defineEvent({
  name: 'UserRegistered',
  context: 'identity',
  description: 'A person created an account (e-mail, mobile, roles); sign-up may still be incomplete.',
  payload: z.object({
    userId: z.uuid(),
    email: z.string(),
    mobile: z.string().nullable(),
    roles: z.array(roleSchema),
    signUpCompleted: z.boolean(),
    /** The guest visitor id the person browsed with before registering, to carry pending work over. */
    guestId: z.string().nullable(),
  }),
});

export const UserLoggedIn = defineEvent({
  name: 'UserLoggedIn',
  context: 'identity',
  description: 'A person started a session; carries the guest id they browsed with before.',
  payload: z.object({
    userId: z.uuid(),
    sessionId: z.string(),
    guestId: z.string().nullable(),
  }),
});

export const UserSignUpCompleted = defineEvent({
  name: 'UserSignUpCompleted',
  context: 'identity',
  description: 'A person completed the sign-up data (name, mobile, country) and may now quote and buy.',
  payload: z.object({ userId: z.uuid(), country: z.enum(['CO', 'MX']) }),
});

export const UserUpdated = defineEvent({
  name: 'UserUpdated',
  context: 'identity',
  description: "An operator changed a person's roles, flags or store membership.",
  payload: z.object({
    userId: z.uuid(),
    roles: z.array(roleSchema),
    downloadPartsCatalog: z.boolean(),
    storeId: z.uuid().nullable(),
    active: z.boolean(),
  }),
});

export const RegistrationRequested = defineEvent({
  name: 'RegistrationRequested',
  context: 'identity',
  description:
    'Someone asked for an account with an e-mail that has none: the link that creates it is e-mailed to that address (valid until expiresAt, usable once).',
  payload: z.object({
    registrationId: z.uuid(),
    email: z.string(),
    name: z.string(),
    /** The console's page that completes the registration; it carries the one-time token. */
    verifyUrl: z.string(),
    expiresAt: z.string(),
  }),
});

export const RegistrationOnExistingAccount = defineEvent({
  name: 'RegistrationOnExistingAccount',
  context: 'identity',
  description:
    'Someone asked for an account with an e-mail that already has one: its owner is told by e-mail (the person registering sees the same answer either way).',
  payload: z.object({
    userId: z.uuid(),
    email: z.string(),
    /** Where the owner logs in. */
    loginUrl: z.string(),
  }),
});

export const UserLoggedOut = defineEvent({
  name: 'UserLoggedOut',
  context: 'identity',
  description:
    'A person ended a session; every process stops honouring it from its next request (the session mark in Redis precedes the answer).',
  payload: z.object({
    userId: z.uuid(),
    /** The session's hash, as UserLoggedIn gave it. */
    sessionId: z.string(),
    /** The guest visitor id the person goes on browsing with. */
    guestId: z.string(),
  }),
});
