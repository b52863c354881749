import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import {
  ProductUpdated,
  QuestionAnswered,
  QuestionAsked,
  t,
  withCompatibleVehicle,
  type Actor,
  type QuestionPatch,
  type QuestionView,
  type SessionUser,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { findLiveProduct, recordOf } from '../products/product-records.js';
import { snapshotOf } from '../products/product.rules.js';
import { ProductQuestion } from './product-question.entity.js';
import { patchRole } from './question.rules.js';
import { readQuestion } from './question-views.js';

/**
 * PATCH /catalogo/productosQuestions/{id}: the store's answer (`answer` yes | no | need_vin, `response`) or the
 * asker's follow-up (`follow_up`, the `vin` the seller asked for). A person who is neither the asker nor one
 * of the store's sellers (or an operator) gets 404: the question's existence is not revealed.
 */
export class PatchQuestion extends Command<{ view: QuestionView; role: 'seller' | 'asker' }> {
  constructor(
    readonly user: SessionUser,
    readonly id: string,
    readonly patch: QuestionPatch,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(PatchQuestion)
export class PatchQuestionHandler implements ICommandHandler<PatchQuestion> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  execute({ user, id, patch, actor }: PatchQuestion) {
    return this.db.transactional(async (em) => {
      const q = await em.findOne(ProductQuestion, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!q) throw new NotFoundError(t('errors.notFound'));
      const role = patchRole(user, { userId: q.userId, storeId: q.store.id }, patch.answer !== undefined);
      if (!role) throw new NotFoundError(t('errors.notFound'));
      const now = this.clock.now();
      const product = await kysely<MarketplaceDB>(em)
        .selectFrom('Product as p')
        .innerJoin('Store as s', 's.id', 'p.store')
        .select(['p.title', 's.name as storeName', 's.mobile as storeMobile'])
        .where('p.id', '=', q.product.id)
        .executeTakeFirstOrThrow();
      const vehicle = () => ({ brand: q.vehicleBrand, model: q.vehicleModel, year: q.vehicleYear ?? null, vin: q.vehicleVin ?? null });

      if (role === 'seller') {
        if (patch.answer === undefined) throw new DomainError(400, 'Answer required', [t('questions.answerRequired')]);
        if (q.state === 'answered') throw new DomainError(409, 'Question already answered', [t('questions.alreadyAnswered')]);
        q.state = 'answered';
        q.answer = patch.answer;
        q.response = patch.response || null;
        q.answeredAt = now;
        q.answeredBy = user.id;
        q.updatedAt = now;
        recordEvent(
          em,
          QuestionAnswered,
          {
            questionId: q.id,
            productId: q.product.id,
            storeId: q.store.id,
            storeName: product.storeName,
            userId: q.userId,
            title: product.title,
            reference: q.productReference,
            vehicle: vehicle(),
            answer: patch.answer,
            response: q.response ?? null,
            askerName: q.askerName ?? null,
            askerEmail: q.askerEmail ?? null,
            askerMobile: q.askerMobile ?? null,
          },
          { aggregateId: q.id, actor, occurredAt: now },
        );
        // issue #16: a seller's "sí, es compatible" adds the vehicle to the product's compatible vehicles
        // (ProductUpdated: the search read model and getCompatibleVehicles follow).
        if (patch.answer === 'yes') {
          const live = await findLiveProduct(em, q.product.id, { lock: true });
          if (live) {
            const next = withCompatibleVehicle(live.compatibleVehicles, vehicle());
            if (JSON.stringify(next) !== JSON.stringify(live.compatibleVehicles)) {
              em.assign(live, { compatibleVehicles: next, updatedAt: now });
              recordEvent(em, ProductUpdated, { product: snapshotOf(recordOf(live)) }, { aggregateId: live.id, actor, occurredAt: now });
            }
          }
        }
      } else {
        // An asker who is not the store cannot answer their own question.
        if (patch.answer !== undefined) throw new NotFoundError(t('errors.notFound'));
        const text = patch.follow_up || null;
        if (!text && !patch.vin) throw new DomainError(400, 'Follow-up required', [t('questions.patchEmpty')]);
        if (patch.vin) q.vehicleVin = patch.vin;
        q.followUp = text ?? t('questions.vinAdded', { vin: patch.vin! });
        q.followUpAt = now;
        // Back to the store: the question waits for its answer again.
        q.state = 'pending';
        q.answer = null;
        q.updatedAt = now;
        recordEvent(
          em,
          QuestionAsked,
          {
            questionId: q.id,
            productId: q.product.id,
            storeId: q.store.id,
            userId: q.userId,
            askerName: q.askerName ?? null,
            title: product.title,
            reference: q.productReference,
            vehicle: vehicle(),
            comment: q.comment ?? null,
            followUp: q.followUp,
            storeMobile: product.storeMobile,
          },
          { aggregateId: q.id, actor, occurredAt: now },
        );
      }
      await em.flush();
      return { view: (await readQuestion(em, q.id, { viewerId: user.id, verdict: true }))!, role };
    });
  }
}
