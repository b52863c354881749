import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { STORE_WEBHOOK_HEADERS } from '@tuerca/contracts';
import { Clock, ContextDatabase, LOGGER, errorText, type Duty, type Logger } from '@tuerca/platform';
import { marketplaceConfig, type MarketplaceConfig } from '../marketplace.config.js';
import { StoreApiDelivery } from './store-api-delivery.entity.js';
import { StoreApiClient } from './store-api-client.entity.js';
import { StoreApiAttempt } from './store-api-attempt.entity.js';
import { StoreOrder } from './store-order.entity.js';
import { StoreApiSecrets } from './store-api-secrets.js';
import { afterAttempt, isAllowedTarget, signWebhook } from './store-api.rules.js';

/** Thrown when the delivery's row is not visible yet (armed inside the transaction writing it): BullMQ tries again. */
class DeliveryNotCommittedYet extends Error {}

/**
 * One attempt of one delivery. In a first transaction the row is locked, checked (still pending, due, not
 * leased, its client active and the order still synced) and leased, and the attempt is logged as started; the
 * POST goes out outside any transaction; a second transaction logs the answer and moves the delivery on
 * (delivered on 2xx, else its back-off or failed). A worker killed between the two leaves a started attempt
 * and a lease that ends: the sweep arms the delivery again and the same bytes go out under the same event id,
 * which the store uses to apply it once. Answers the next alarm when the delivery is still pending.
 */
export class DeliverStoreOrder extends Command<Duty | null> {
  constructor(readonly deliveryId: string) {
    super();
  }
}

@CommandHandler(DeliverStoreOrder)
export class DeliverStoreOrderHandler implements ICommandHandler<DeliverStoreOrder> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly secrets: StoreApiSecrets,
    @Inject(marketplaceConfig.token) private readonly config: MarketplaceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ deliveryId }: DeliverStoreOrder): Promise<Duty | null> {
    const leaseMs = this.config.MARKETPLACE_STORE_API_TIMEOUT_MS + 5_000;
    const claim = await this.db.transactional(async (em) => {
      const d = await em.findOne(StoreApiDelivery, { id: deliveryId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!d) throw new DeliveryNotCommittedYet(`store API delivery ${deliveryId} not visible yet`);
      const now = this.clock.now();
      if (d.status !== 'pending') return null;
      if (d.nextAttemptAt && d.nextAttemptAt > now) return { kind: 'due', due: { id: d.id, runAt: d.nextAttemptAt } } as const;
      if (d.leaseUntil && d.leaseUntil > now) return { kind: 'due', due: { id: d.id, runAt: d.leaseUntil } } as const;
      const client = await em.findOneOrFail(StoreApiClient, { id: d.client.id });
      const order = await em.findOne(StoreOrder, { transaction: d.transaction.id });
      if (!client.active || order?.apiSyncRemovedAt || !isAllowedTarget(client.url, this.secrets.nodeEnv)) {
        d.status = 'cancelled';
        d.nextAttemptAt = null;
        d.lastError = !client.active ? 'client inactive' : order?.apiSyncRemovedAt ? 'sync removed' : 'url not allowed';
        return null;
      }
      d.attempts += 1;
      d.leaseUntil = new Date(now.getTime() + leaseMs);
      const attempt = em.create(StoreApiAttempt, {
        id: randomUUID(),
        delivery: d,
        attempt: d.attempts,
        startedAt: now,
        finishedAt: null,
        statusCode: null,
        error: null,
        durationMs: null,
      });
      return {
        kind: 'send',
        send: {
          attempt: d.attempts,
          attemptId: attempt.id,
          url: client.url,
          secret: client.secretCiphertext,
          body: d.body,
          eventId: d.eventId,
        },
      } as const;
    });
    if (!claim) return null;
    if (claim.kind === 'due') return claim.due;

    const { send } = claim;
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const timestamp = Math.floor(this.clock.now().getTime() / 1000);
      const signature = signWebhook(this.secrets.open(send.secret), timestamp, send.body);
      const res = await fetch(send.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tuerca-Webhooks/1',
          [STORE_WEBHOOK_HEADERS.eventId]: send.eventId,
          [STORE_WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [STORE_WEBHOOK_HEADERS.signature]: signature,
        },
        body: send.body,
        // A redirect is not followed: the store registers the address that answers.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.MARKETPLACE_STORE_API_TIMEOUT_MS),
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      error = errorText(err).slice(0, 500);
    }
    const durationMs = Date.now() - started;

    return this.db.transactional(async (em) => {
      const now = this.clock.now();
      const attempt = await em.findOneOrFail(StoreApiAttempt, { id: send.attemptId });
      attempt.finishedAt = now;
      attempt.statusCode = statusCode;
      attempt.error = error;
      attempt.durationMs = durationMs;
      const d = await em.findOneOrFail(StoreApiDelivery, { id: deliveryId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      d.lastStatusCode = statusCode;
      d.lastError = error;
      // Only the attempt that holds the delivery moves it on (a cancelled or already finished one stays so).
      if (d.status !== 'pending' || d.attempts !== send.attempt) return null;
      d.leaseUntil = null;
      const outcome = afterAttempt(statusCode, d.attempts, now, {
        baseMs: this.config.MARKETPLACE_STORE_API_RETRY_BASE_MS,
        maxAttempts: this.config.MARKETPLACE_STORE_API_MAX_ATTEMPTS,
      });
      if (outcome.status === 'delivered') {
        d.status = 'delivered';
        d.deliveredAt = now;
        d.nextAttemptAt = null;
        return null;
      }
      if (outcome.status === 'failed') {
        d.status = 'failed';
        d.nextAttemptAt = null;
        this.logger.warn({ deliveryId, attempts: d.attempts, error }, 'store API delivery failed for good');
        return null;
      }
      d.nextAttemptAt = outcome.nextAttemptAt;
      return { id: d.id, runAt: outcome.nextAttemptAt };
    });
  }
}
