import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SellerInvited, type EventEnvelope, type PayloadOf, type Role, type SupplierApproved } from '@tuerca/contracts';
import { APP_CONFIG, Clock, ContextDatabase, recordEvent, withinTransaction, type AppConfig } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { hashToken } from '../sessions/sessions.service.js';
import { SellerInvitation } from './seller-invitation.entity.js';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
export const SELLER_ROLES: Role[] = ['seller', 'store_admin'];

/** An approved supplier becomes a seller: an invitation to a new account, or the store added to the existing one. */
export class InviteSeller extends Command<void> {
  constructor(
    readonly event: EventEnvelope<PayloadOf<typeof SupplierApproved>>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(InviteSeller)
export class InviteSellerHandler implements ICommandHandler<InviteSeller> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  async execute({ event, tx }: InviteSeller): Promise<void> {
    const p = event.payload;
    const now = this.clock.now();
    await withinTransaction(this.db, tx, async (em) => {
      if (await em.findOne(SellerInvitation, { applicationId: p.applicationId })) return;
      const actor = { kind: 'system' as const, id: 'identity' };
      const existing = await em.findOne(User, { email: p.email });
      if (existing) {
        // The person already has an account: the store joins it (a store of their own is not replaced).
        existing.roles = [...new Set([...existing.roles, ...SELLER_ROLES])];
        existing.storeId ??= p.storeId;
        existing.updatedAt = now;
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
      em.create(SellerInvitation, {
        id: randomUUID(),
        applicationId: p.applicationId,
        tokenHash: hashToken(token),
        email: p.email,
        name: p.contactName,
        mobile: p.whatsapp,
        country: p.country,
        storeId: p.storeId,
        storeName: p.storeName,
        createdAt: now,
        expiresAt,
        // An existing account has nothing to accept.
        usedAt: existing ? now : null,
      });
      recordEvent(
        em,
        SellerInvited,
        {
          applicationId: p.applicationId,
          email: p.email,
          name: p.contactName,
          storeName: p.storeName,
          existingAccount: !!existing,
          url: existing ? `${this.app.PUBLIC_URL}/users/page/login` : `${this.app.PUBLIC_URL}/users/page/invitacion?token=${token}`,
          expiresAt: expiresAt.toISOString(),
        },
        { aggregateId: p.applicationId, actor, occurredAt: now },
      );
      await em.flush();
    });
  }
}
