import { z } from 'zod';
import { defineEvent } from './define.js';

export const SupplierApproved = defineEvent({
  name: 'SupplierApproved',
  context: 'marketplace',
  description:
    "An operator approved a parts shop's application to sell: its store was created; identity opens the seller account (or adds the store to the person's existing one) and invites them.",
  payload: z.object({
    applicationId: z.uuid(),
    storeId: z.uuid(),
    storeName: z.string(),
    country: z.enum(['CO', 'MX']),
    company: z.string(),
    taxId: z.string(),
    contactName: z.string(),
    email: z.string(),
    /** E.164. */
    whatsapp: z.string(),
  }),
});

export const SellerInvited = defineEvent({
  name: 'SellerInvited',
  context: 'identity',
  description:
    'An approved supplier was invited: the e-mail carries the one-time link that creates the seller account (valid until expiresAt), or, for a person who already had an account, where to log in.',
  payload: z.object({
    applicationId: z.uuid(),
    email: z.string(),
    name: z.string(),
    storeName: z.string(),
    existingAccount: z.boolean(),
    url: z.string(),
    expiresAt: z.string(),
  }),
});
