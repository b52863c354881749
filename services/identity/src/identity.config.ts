import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

/** The variables only the identity context reads. */
export const identityConfig = defineContextConfig(
  'identity',
  z.object({
    /** Failed logins from one address (any account) within the window, after which that address waits the window out. */
    RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
    /**
     * Failed logins of one account from one address before that address waits between attempts on it (2, 4, 8
     * minutes…); ten times as many failures of the account from anywhere slow down every address that failed on it.
     */
    RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    /** The window of the login and registration limits. */
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  }),
);
export type IdentityConfig = ConfigOf<typeof identityConfig>;
