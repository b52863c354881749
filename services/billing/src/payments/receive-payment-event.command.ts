import { createHash } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Inject } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ErrorCodes,
  MarketplacePaymentApproved,
  MarketplacePaymentFailed,
  PaymentDeclined,
  PlanPurchased,
  t,
  type Actor,
  type PaymentEventReceipt,
} from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  DomainError,
  LOGGER,
  NotFoundError,
  RateLimiter,
  ValidationError,
  kysely,
  recordEvent,
  type Logger,
} from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { billingConfig, type BillingConfig } from '../billing.config.js';
import { DutyScheduler } from '../duties/duty-scheduler.js';
import { creditBalance, type Credited } from '../balances/credit-balance.js';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { PaymentGateway, type GatewayTransaction } from './gateway/payment-gateway.js';
import { Payment } from './payment.entity.js';
import { decideEvent, type PaymentStatus } from './payment.rules.js';

/** How an event ended, as written to payment_events.outcome. */
export type EventOutcome = 'applied' | 'duplicate' | 'pending' | 'ignored' | 'rejected' | 'malformed' | 'unknown_reference' | 'mismatch';

/** Of a body nobody vouches for (malformed, or failing its checksum), the log keeps this much, with its hash. */
const UNTRUSTED_EXCERPT_CHARS = 1024;

/** An event from the payment gateway: from the webhook (with the sender's address), or from the sandbox in process. */
export class ReceivePaymentEvent extends Command<PaymentEventReceipt> {
  constructor(
    readonly body: unknown,
    /** The sender's address, for the per-address limit; null in process. */
    readonly sourceIp: string | null = null,
    /** The gateway's own answer to billing's status query (ReconcilePendingPayments): authentic, no checksum to check. */
    readonly queried: GatewayTransaction | null = null,
  ) {
    super();
  }
}

type Rejection = { outcome: 'unknown_reference' | 'mismatch'; error: DomainError };
type Applied = { receipt: PaymentEventReceipt; credited: Credited | null };

function mismatch(key: 'payments.mismatch' | 'payments.transactionAlreadyUsed'): DomainError {
  return new DomainError(409, ErrorCodes.PAYMENT_MISMATCH, [t(key)]);
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof UniqueConstraintViolationException || (err as { code?: unknown } | null)?.code === '23505';
}

/** What the log keeps of an untrusted body: its hash, its size and the start of it — never megabytes of it. */
export function untrustedPayload(body: unknown): { sha256: string; bytes: number; excerpt: string } {
  const text = JSON.stringify(body ?? null) ?? 'null';
  return {
    sha256: createHash('sha256').update(text).digest('hex'),
    bytes: Buffer.byteLength(text),
    excerpt: text.slice(0, UNTRUSTED_EXCERPT_CHARS),
  };
}

/**
 * The gateway's events (Wompi's contract: answer 200 or it retries). Every event is logged in
 * payment_events with its outcome, rejected ones included (an untrusted body truncated, with its hash).
 * A payment leaves PENDING once, under a row lock:
 * - a plan payment: APPROVED marks it, credits the plan's consultations and records PlanPurchased;
 *   DECLINED, VOIDED and ERROR record PaymentDeclined;
 * - a marketplace payment: APPROVED records MarketplacePaymentApproved (the marketplace marks the
 *   transaction paid); DECLINED, VOIDED and ERROR record MarketplacePaymentFailed (it releases the stock).
 * Replays change nothing and get 200.
 */
@CommandHandler(ReceivePaymentEvent)
export class ReceivePaymentEventHandler implements ICommandHandler<ReceivePaymentEvent> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: PaymentGateway,
    private readonly duties: DutyScheduler,
    private readonly limiter: RateLimiter,
    private readonly parameters: AppParametersService,
    private readonly clock: Clock,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ body, sourceIp, queried }: ReceivePaymentEvent): Promise<PaymentEventReceipt> {
    if (queried) return this.apply(body, queried);
    // #20 finding 4: the webhook is public; one address may not fill the log.
    if (sourceIp !== null) {
      const hit = await this.limiter.hit(`payment-events:${sourceIp}`, this.config.PAYMENT_EVENTS_PER_MINUTE, 60);
      if (!hit.allowed) throw new DomainError(429, ErrorCodes.TOO_MANY_REQUESTS, [t('payments.tooManyEvents')]);
    }
    const check = this.gateway.checkEvent(body);
    switch (check.kind) {
      case 'malformed':
        await this.logAlone(untrustedPayload(body), 'malformed', referenceIn(body));
        throw new ValidationError(
          [t('payments.malformedEvent')],
          check.problems.map((p) => ({ path: p.split(':')[0]!, message: p })),
        );
      case 'bad-signature':
        await this.logAlone(untrustedPayload(body), 'rejected', referenceIn(body));
        this.logger.warn({ gateway: this.gateway.name }, 'payment event with a bad checksum rejected');
        throw new DomainError(401, ErrorCodes.PAYMENT_SIGNATURE_INVALID, [t('payments.invalidSignature')]);
      case 'ignored':
        await this.logAlone(body, 'ignored', null);
        return { outcome: 'ignored', reference: null, status: null };
      case 'transaction':
        return this.apply(body, check.transaction);
    }
  }

  private async apply(body: unknown, tx: GatewayTransaction): Promise<PaymentEventReceipt> {
    let result: Applied | Rejection;
    // Read before the transaction: inside it, waiting for another pooled connection could deadlock the pool.
    const { expiryReminderDays } = await this.parameters.all();
    try {
      result = await this.db.transactional(async (em) => this.decideAndApply(em, body, tx, expiryReminderDays));
    } catch (err) {
      // Two payments racing to claim one gateway transaction: the unique index lets one through.
      if (!isUniqueViolation(err)) throw err;
      await this.logAlone(body, 'mismatch', tx.reference, tx.status);
      throw mismatch('payments.transactionAlreadyUsed');
    }
    if ('error' in result) throw result.error;
    if (result.credited) await this.duties.armBalance(result.credited);
    return result.receipt;
  }

  private async decideAndApply(
    em: EntityManager,
    body: unknown,
    tx: GatewayTransaction,
    reminderDays: number,
  ): Promise<Applied | Rejection> {
    const payment = await em.findOne(Payment, { reference: tx.reference }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!payment) {
      await this.log(em, body, null, tx.reference, tx.status, 'unknown_reference');
      return { outcome: 'unknown_reference', error: new NotFoundError(t('payments.unknownReference', { reference: tx.reference })) };
    }
    const usedElsewhere =
      tx.status === 'APPROVED' &&
      (await kysely<BillingDB>(em)
        .selectFrom('Payment')
        .select('id')
        .where('gatewayTransactionId', '=', tx.id)
        .where('id', '<>', payment.id)
        .executeTakeFirst()) !== undefined;
    const decision = decideEvent(
      { status: payment.status, amountInCents: payment.amountInCents, currency: payment.currency },
      tx,
      usedElsewhere,
    );
    const receipt = (outcome: PaymentEventReceipt['outcome'], status: PaymentStatus): PaymentEventReceipt => ({
      outcome,
      reference: payment.reference,
      status,
    });
    const log = (outcome: EventOutcome) => this.log(em, body, payment.id, tx.reference, tx.status, outcome);
    switch (decision.action) {
      case 'mismatch':
        await log('mismatch');
        this.logger.warn({ reference: tx.reference, problems: decision.problems }, 'payment event does not match its payment');
        return {
          outcome: 'mismatch',
          error: mismatch(decision.problems.includes('transaction') ? 'payments.transactionAlreadyUsed' : 'payments.mismatch'),
        };
      case 'replay':
        await log('duplicate');
        return { receipt: receipt('duplicate', payment.status), credited: null };
      case 'wait':
        await log('pending');
        return { receipt: receipt('pending', payment.status), credited: null };
      case 'approve':
      case 'approve-late': {
        const credited =
          payment.purpose === 'plan' ? this.approvePlan(em, payment, tx, reminderDays) : await this.approvePurchase(em, payment, tx);
        await log('applied');
        await em.flush();
        return { receipt: receipt('applied', 'APPROVED'), credited };
      }
      case 'decline':
        this.decline(em, payment, tx, decision.status);
        await log('applied');
        await em.flush();
        return { receipt: receipt('applied', decision.status), credited: null };
    }
  }

  private finalize(payment: Payment, tx: GatewayTransaction, status: PaymentStatus): Date {
    const now = this.clock.now();
    payment.status = status;
    payment.gatewayTransactionId = tx.id;
    payment.finalizedAt = now;
    payment.updatedAt = now;
    return now;
  }

  private approvePlan(em: EntityManager, payment: Payment, tx: GatewayTransaction, reminderDays: number): Credited {
    const now = this.finalize(payment, tx, 'APPROVED');
    const actor = this.actor();
    const balance = creditBalance(
      em,
      {
        userId: payment.userId,
        type: payment.type!,
        amount: payment.consultations!,
        validityDays: payment.validityDays!,
        source: 'purchase',
        paymentId: payment.id,
        reason: payment.reference,
        reminderDays,
        actor,
      },
      now,
    );
    payment.balanceId = balance.id;
    recordEvent(
      em,
      PlanPurchased,
      {
        paymentId: payment.id,
        reference: payment.reference,
        userId: payment.userId,
        planId: payment.plan!.id,
        type: payment.type!,
        amount: payment.consultations!,
        priceInCents: payment.amountInCents,
        currency: payment.currency,
      },
      { aggregateId: payment.id, actor, occurredAt: now },
    );
    return balance;
  }

  /**
   * The marketplace learns of the payment once. A transaction paid twice (a late approval of an expired
   * payment while a newer one was paid too) is recorded APPROVED — the money is real — but announced once;
   * the log warns so an operator refunds the second.
   */
  private async approvePurchase(em: EntityManager, payment: Payment, tx: GatewayTransaction): Promise<null> {
    const paidBefore = await kysely<BillingDB>(em)
      .selectFrom('Payment')
      .select('reference')
      .where('transactionId', '=', payment.transactionId!)
      .where('status', '=', 'APPROVED')
      .where('id', '<>', payment.id)
      .executeTakeFirst();
    const now = this.finalize(payment, tx, 'APPROVED');
    if (paidBefore) {
      this.logger.warn(
        { transactionId: payment.transactionId, reference: payment.reference, paidBy: paidBefore.reference },
        'marketplace transaction paid twice: refund one of the payments',
      );
      return null;
    }
    recordEvent(
      em,
      MarketplacePaymentApproved,
      {
        paymentId: payment.id,
        paymentReference: payment.reference,
        transactionId: payment.transactionId!,
        buyerId: payment.userId,
        amountInCents: payment.amountInCents,
        currency: payment.currency,
        gateway: this.gateway.name,
        gatewayTransactionId: tx.id,
        approvedAt: now.toISOString(),
      },
      { aggregateId: payment.transactionId!, actor: this.actor(), occurredAt: now },
    );
    return null;
  }

  private decline(em: EntityManager, payment: Payment, tx: GatewayTransaction, status: 'DECLINED' | 'VOIDED' | 'ERROR'): void {
    const now = this.finalize(payment, tx, status);
    if (payment.purpose === 'plan') {
      recordEvent(
        em,
        PaymentDeclined,
        { paymentId: payment.id, reference: payment.reference, userId: payment.userId, status },
        { aggregateId: payment.id, actor: this.actor(), occurredAt: now },
      );
      return;
    }
    recordEvent(
      em,
      MarketplacePaymentFailed,
      {
        paymentId: payment.id,
        paymentReference: payment.reference,
        transactionId: payment.transactionId!,
        buyerId: payment.userId,
        status,
      },
      { aggregateId: payment.transactionId!, actor: this.actor(), occurredAt: now },
    );
  }

  private actor(): Actor {
    return { kind: 'system', id: `payment-gateway:${this.gateway.name}` };
  }

  private async log(
    em: EntityManager,
    payload: unknown,
    paymentId: string | null,
    reference: string | null,
    status: string | null,
    outcome: EventOutcome,
  ): Promise<void> {
    await kysely<BillingDB>(em)
      .insertInto('PaymentEvent')
      .values({ payment: paymentId, reference, status, outcome, payload: payload ?? null, receivedAt: this.clock.now() })
      .execute();
  }

  /** Logs an event that changes nothing, in its own transaction (the caller is about to refuse it). */
  private async logAlone(payload: unknown, outcome: EventOutcome, reference: string | null, status: string | null = null): Promise<void> {
    await this.db.transactional((em) => this.log(em, payload, null, reference, status, outcome));
  }
}

/** The reference a rejected event claims, for the operators reading the log (never trusted). */
function referenceIn(body: unknown): string | null {
  const ref = (body as { data?: { transaction?: { reference?: unknown } } } | null)?.data?.transaction?.reference;
  return typeof ref === 'string' ? ref.slice(0, 100) : null;
}
