import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  SCORE_MAX_REQUESTS,
  SCORE_RESEND_AFTER_HOURS,
  StoreRated,
  StoreRatingRequested,
  t,
  type Actor,
  type EventEnvelope,
  type PayloadOf,
  type RateStoreInput,
  type SessionUser,
  type StoreScoreView,
} from '@tuerca/contracts';
import {
  APP_CONFIG,
  Clock,
  ContextDatabase,
  DomainError,
  NotFoundError,
  kysely,
  recordEvent,
  withinTransaction,
  type AppConfig,
} from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { canManageStore, type Manager } from '../stores/store-access.js';
import { StoreScore } from './store-score.entity.js';
import { resendRefusal } from './ratings.rules.js';
import { loadScoreView } from './ratings.queries.js';

const SYSTEM: Actor = { kind: 'system', id: 'marketplace.ratings' };

/** StoreRatingRequested for a score record, with the transaction's buyer and the store's name. */
async function recordRatingRequest(em: EntityManager, score: StoreScore, actor: Actor, now: Date, publicUrl: string): Promise<void> {
  const tx = await kysely<MarketplaceDB>(em)
    .selectFrom('Transaction as t')
    .innerJoin('Store as s', 's.id', 't.store')
    .select(['t.id', 't.refVenta', 't.buyerId', 't.buyerName', 't.buyerEmail', 't.buyerMobile', 's.id as storeId', 's.name as storeName'])
    .where('t.id', '=', score.transaction.id)
    .executeTakeFirstOrThrow();
  recordEvent(
    em,
    StoreRatingRequested,
    {
      scoreId: score.id,
      transactionId: tx.id,
      refVenta: tx.refVenta,
      storeId: tx.storeId,
      storeName: tx.storeName,
      buyerId: tx.buyerId,
      buyerName: tx.buyerName,
      buyerEmail: tx.buyerEmail,
      buyerMobile: tx.buyerMobile,
      requestNumber: score.requests,
      rateUrl: `${publicUrl.replace(/\/$/, '')}/compras/calificar/${score.id}`,
    },
    { aggregateId: score.id, actor, occurredAt: now },
  );
}

/**
 * After a purchase is delivered its buyer is asked to rate the store (issue #13): a score record, once per
 * purchase (unique transaction), and StoreRatingRequested for the WhatsApp and e-mail. Run by the consumer of
 * the delivery in its transaction; a redelivered event finds the record and asks nothing again.
 */
export class RequestStoreRating extends Command<'requested' | 'exists' | 'unknown'> {
  constructor(
    readonly transactionId: string,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(RequestStoreRating)
export class RequestStoreRatingHandler implements ICommandHandler<RequestStoreRating> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ transactionId, tx }: RequestStoreRating) {
    return withinTransaction(this.db, tx, async (em) => {
      const purchase = await kysely<MarketplaceDB>(em)
        .selectFrom('Transaction')
        .select(['id', 'store', 'buyerId'])
        .where('id', '=', transactionId)
        .executeTakeFirst();
      if (!purchase) return 'unknown' as const;
      if (await em.findOne(StoreScore, { transaction: transactionId })) return 'exists' as const;
      const now = this.clock.now();
      const score = em.create(StoreScore, {
        id: randomUUID(),
        transaction: transactionId,
        store: purchase.store,
        buyerId: purchase.buyerId,
        score: null,
        comment: null,
        requests: 1,
        lastRequestedAt: now,
        ratedAt: null,
      });
      await recordRatingRequest(em, score, SYSTEM, now, this.config.PUBLIC_URL);
      return 'requested' as const;
    });
  }
}

/** spec 000 §7 POST /api/users/users/resendScore (scoreId): the store (or an operator) asks the buyer again. */
export class ResendScore extends Command<{ view: StoreScoreView; message: string }> {
  constructor(
    readonly by: Manager,
    readonly scoreId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(ResendScore)
export class ResendScoreHandler implements ICommandHandler<ResendScore> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ by, scoreId, actor }: ResendScore) {
    return this.db.transactional(async (em) => {
      const score = await em.findOne(StoreScore, { id: scoreId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!score || !canManageStore(by, score.store.id)) throw new NotFoundError(t('ratings.notFound'));
      const now = this.clock.now();
      switch (resendRefusal({ ratedAt: score.ratedAt ?? null, requests: score.requests, lastRequestedAt: score.lastRequestedAt }, now)) {
        case 'rated':
          throw new DomainError(409, 'Already rated', [t('ratings.alreadyRated')]);
        case 'too-many':
          throw new DomainError(409, 'Too many rating requests', [t('ratings.tooManyRequests', { max: SCORE_MAX_REQUESTS })]);
        case 'too-soon':
          throw new DomainError(409, 'Rating requested recently', [t('ratings.tooSoon', { hours: SCORE_RESEND_AFTER_HOURS })]);
        default:
      }
      score.requests += 1;
      score.lastRequestedAt = now;
      await recordRatingRequest(em, score, actor, now, this.config.PUBLIC_URL);
      await em.flush();
      const view = await loadScoreView(em, scoreId);
      return { view, message: t('ratings.resent', { ref: view.refVenta }) };
    });
  }
}

/** The buyer rates the store of one purchase, once: StoreRated feeds the results' average and count. */
export class RateStore extends Command<{ view: StoreScoreView; message: string }> {
  constructor(
    readonly user: SessionUser,
    readonly scoreId: string,
    readonly input: RateStoreInput,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(RateStore)
export class RateStoreHandler implements ICommandHandler<RateStore> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, scoreId, input, actor }: RateStore) {
    return this.db.transactional(async (em) => {
      const score = await em.findOne(StoreScore, { id: scoreId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!score || score.buyerId !== user.id) throw new NotFoundError(t('ratings.notFound'));
      if (score.ratedAt) throw new DomainError(409, 'Already rated', [t('ratings.alreadyRated')]);
      const now = this.clock.now();
      score.score = input.score;
      score.comment = input.comment;
      score.ratedAt = now;
      recordEvent(
        em,
        StoreRated,
        {
          scoreId: score.id,
          transactionId: score.transaction.id,
          storeId: score.store.id,
          buyerId: score.buyerId,
          score: input.score,
          comment: input.comment,
          ratedAt: now.toISOString(),
        },
        { aggregateId: score.store.id, actor, occurredAt: now },
      );
      await em.flush();
      const view = await loadScoreView(em, scoreId);
      return { view, message: t('ratings.thanks', { store: view.storeName }) };
    });
  }
}

/** StoreRated → the store's summary in the search read model (count and sum), once per event (the consumer's row). */
export class ApplyStoreRating extends Command<void> {
  constructor(
    readonly event: EventEnvelope<PayloadOf<typeof StoreRated>>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(ApplyStoreRating)
export class ApplyStoreRatingHandler implements ICommandHandler<ApplyStoreRating> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ event, tx }: ApplyStoreRating) {
    const p = event.payload;
    await withinTransaction(this.db, tx, async (em) => {
      await kysely<MarketplaceDB>(em)
        .insertInto('StoreRatingSummary')
        .values({ storeId: p.storeId, ratingsCount: 1, ratingsSum: p.score, updatedAt: this.clock.now() })
        .onConflict((oc) =>
          oc.column('storeId').doUpdateSet((eb) => ({
            ratingsCount: eb('StoreRatingSummary.ratingsCount', '+', 1),
            ratingsSum: eb('StoreRatingSummary.ratingsSum', '+', p.score),
            updatedAt: this.clock.now(),
          })),
        )
        .execute();
    });
  }
}
