import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/postgresql';
import { StoreUpdated, SupplierApproved, storeInputSchema, t, type Actor, type SupplierApplicationView } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, recordEvent } from '@tuerca/platform';
import { Store } from '../stores/store.entity.js';
import { storeFields, storeSnapshotOf } from '../stores/store.rules.js';
import { SupplierApplication } from './supplier-application.entity.js';
import { isUuid, toSupplierApplicationView } from './supplier-application.rules.js';

export type SupplierReview = { decision: 'approve' } | { decision: 'reject'; reason: string };

/** An operator approves (the store is created; identity opens the seller account) or rejects an application. */
export class ReviewSupplierApplication extends Command<SupplierApplicationView> {
  constructor(
    readonly id: string,
    readonly review: SupplierReview,
    readonly operatorId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

export const supplierApplicationNotFound = () => new NotFoundError(t('suppliers.notFound'));

/**
 * Once: the row is locked and must be pending. Approval creates the store in the same transaction (its
 * StoreUpdated keeps the search rows right) and records SupplierApproved, which identity turns into the seller
 * account and its invitation e-mail — marketplace owns stores, identity owns accounts, no shared tables.
 */
@CommandHandler(ReviewSupplierApplication)
export class ReviewSupplierApplicationHandler implements ICommandHandler<ReviewSupplierApplication> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  execute({ id, review, operatorId, actor }: ReviewSupplierApplication): Promise<SupplierApplicationView> {
    if (!isUuid(id)) throw supplierApplicationNotFound();
    return this.db.transactional(async (em) => {
      const app = await em.findOne(SupplierApplication, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!app) throw supplierApplicationNotFound();
      if (app.status !== 'pending') throw new DomainError(409, 'Application reviewed', [t('suppliers.alreadyReviewed')]);
      const now = this.clock.now();
      em.assign(app, { reviewedBy: operatorId, reviewedAt: now, updatedAt: now });
      if (review.decision === 'reject') {
        em.assign(app, { status: 'rejected', rejectionReason: review.reason });
      } else {
        const input = storeInputSchema.parse({ name: app.company, country: app.country, city: app.city, mobile: app.whatsapp });
        const store = em.create(Store, { ...storeFields(input), id: randomUUID(), createdAt: now, updatedAt: now });
        em.assign(app, { status: 'approved', storeId: store.id });
        recordEvent(em, StoreUpdated, { store: storeSnapshotOf(store) }, { aggregateId: store.id, actor, occurredAt: now });
        recordEvent(
          em,
          SupplierApproved,
          {
            applicationId: app.id,
            storeId: store.id,
            storeName: store.name,
            country: app.country,
            company: app.company,
            taxId: app.taxId,
            contactName: app.contactName,
            email: app.email,
            whatsapp: app.whatsapp,
          },
          { aggregateId: app.id, actor, occurredAt: now },
        );
      }
      await em.flush();
      return toSupplierApplicationView(app);
    });
  }
}
