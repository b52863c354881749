import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The seller account an approved supplier gets (issue #16): written when marketplace's SupplierApproved
 * arrives, e-mailed as a one-time link (only the token's SHA-256 is kept); the account is created from this row
 * when the person opens the link and chooses a password (once, before `expiresAt`).
 */
export const SellerInvitation = defineEntity({
  name: 'SellerInvitation',
  tableName: 'seller_invitations',
  properties: {
    id: p.uuid().primary(),
    /** One invitation per approved application (a redelivered event makes none twice). */
    applicationId: p.uuid().unique('seller_invitations_application_key'),
    tokenHash: p.text().unique('seller_invitations_token_hash_key'),
    email: p.text(),
    name: p.text(),
    mobile: p.text().nullable(),
    country: p.text().$type<'CO' | 'MX'>(),
    storeId: p.uuid(),
    storeName: p.text(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type SellerInvitation = InferEntity<typeof SellerInvitation>;
