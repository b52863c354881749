import { Inject } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, PaymentDeclined, PlanPurchased, t, type Actor } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, LOGGER, NotFoundError, ValidationError, recordEvent, type Logger } from '@tuerca/platform';
import { BalancesService } from '../balances/balances.service.js';
import { PaymentGateway, type GatewayTransaction } from './gateway/payment-gateway.js';
import { decideEvent, type PaymentRow, type PaymentStatus } from './payment.rules.js';

/** How an event ended, as written to payment_events.outcome. */
export type EventOutcome = 'applied' | 'duplicate' | 'pending' | 'ignored' | 'rejected' | 'malformed' | 'unknown_reference' | 'mismatch';

export interface PaymentEventReceipt {
  outcome: Extract<EventOutcome, 'applied' | 'duplicate' | 'pending' | 'ignored'>;
  reference: string | null;
  status: PaymentStatus | null;
}

/** An event from the payment gateway: from the webhook, or from the sandbox checkout in-process. */
export class ReceivePaymentEventCommand extends Command<PaymentEventReceipt> {
  constructor(readonly body: unknown) {
    super();
  }
}

type Rejection = { outcome: 'unknown_reference' | 'mismatch'; error: DomainError };

function mismatch(key: 'payments.mismatch' | 'payments.transactionAlreadyUsed'): DomainError {
  return new DomainError(409, ErrorCodes.PAYMENT_MISMATCH, [t(key)]);
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof UniqueConstraintViolationException || (err as { code?: unknown } | null)?.code === '23505';
}

/**
 * The gateway's events (Wompi's contract: answer 200 or it retries). Every event is logged in
 * payment_events with its outcome, rejected ones included. A payment leaves PENDING once, under a row
 * lock: APPROVED marks it, credits the plan's consultations and records PlanPurchased in one
 * transaction; DECLINED, VOIDED and ERROR record PaymentDeclined. Replays change nothing and get 200.
 */
@CommandHandler(ReceivePaymentEventCommand)
export class ReceivePaymentEventHandler implements ICommandHandler<ReceivePaymentEventCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: PaymentGateway,
    private readonly balances: BalancesService,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ body }: ReceivePaymentEventCommand): Promise<PaymentEventReceipt> {
    const check = this.gateway.checkEvent(body);
    switch (check.kind) {
      case 'malformed':
        await this.logAlone(body, 'malformed');
        throw new ValidationError(
          [t('payments.malformedEvent')],
          check.problems.map((p) => ({ path: p.split(':')[0]!, message: p })),
        );
      case 'bad-signature':
        await this.logAlone(body, 'rejected');
        this.logger.warn({ gateway: this.gateway.name }, 'payment event with a bad checksum rejected');
        throw new DomainError(401, ErrorCodes.PAYMENT_SIGNATURE_INVALID, [t('payments.invalidSignature')]);
      case 'ignored':
        await this.logAlone(body, 'ignored');
        return { outcome: 'ignored', reference: null, status: null };
      case 'transaction':
        return this.apply(body, check.transaction);
    }
  }

  private async apply(body: unknown, tx: GatewayTransaction): Promise<PaymentEventReceipt> {
    let result: { receipt: PaymentEventReceipt; credited: { id: string; expiresAt: Date } | null } | Rejection;
    try {
      result = await this.db.transactional(async (em) => this.decideAndApply(em, body, tx));
    } catch (err) {
      // Two payments racing to claim one gateway transaction: the unique index lets one through.
      if (!isUniqueViolation(err)) throw err;
      await this.logAlone(body, 'mismatch', tx);
      throw mismatch('payments.transactionAlreadyUsed');
    }
    if ('error' in result) throw result.error;
    const balance = result.credited;
    if (balance) {
      await this.balances.scheduleJobs(balance).catch((err: unknown) => {
        // The credit is committed; reads check expiresAt themselves, so a missed job only delays the event.
        this.logger.warn(
          { balanceId: balance.id, err: err instanceof Error ? err.message : String(err) },
          'purchase balance jobs not scheduled',
        );
      });
    }
    return result.receipt;
  }

  private async decideAndApply(
    em: EntityManager,
    body: unknown,
    tx: GatewayTransaction,
  ): Promise<{ receipt: PaymentEventReceipt; credited: { id: string; expiresAt: Date } | null } | Rejection> {
    const found = await em.execute<PaymentRow[]>('select * from payments where reference = ? for update', [tx.reference]);
    const payment = found[0];
    if (!payment) {
      await this.log(em, body, null, tx, 'unknown_reference');
      return { outcome: 'unknown_reference', error: new NotFoundError(t('payments.unknownReference', { reference: tx.reference })) };
    }
    const usedElsewhere =
      tx.status === 'APPROVED' &&
      (await em.execute('select 1 from payments where gateway_transaction_id = ? and id <> ?', [tx.id, payment.id])).length > 0;
    const decision = decideEvent(
      { status: payment.status, amountInCents: Number(payment.amount_in_cents), currency: payment.currency },
      tx,
      usedElsewhere,
    );
    const receipt = (outcome: PaymentEventReceipt['outcome'], status: PaymentStatus): PaymentEventReceipt => ({
      outcome,
      reference: payment.reference,
      status,
    });
    switch (decision.action) {
      case 'mismatch':
        await this.log(em, body, payment.id, tx, 'mismatch');
        this.logger.warn({ reference: tx.reference, problems: decision.problems }, 'payment event does not match its payment');
        return {
          outcome: 'mismatch',
          error: mismatch(decision.problems.includes('transaction') ? 'payments.transactionAlreadyUsed' : 'payments.mismatch'),
        };
      case 'replay':
        await this.log(em, body, payment.id, tx, 'duplicate');
        return { receipt: receipt('duplicate', payment.status), credited: null };
      case 'wait':
        await this.log(em, body, payment.id, tx, 'pending');
        return { receipt: receipt('pending', payment.status), credited: null };
      case 'approve': {
        const credited = await this.approve(em, payment, tx);
        await this.log(em, body, payment.id, tx, 'applied');
        await em.flush();
        return { receipt: receipt('applied', 'APPROVED'), credited };
      }
      case 'decline':
        await this.decline(em, payment, tx, decision.status);
        await this.log(em, body, payment.id, tx, 'applied');
        await em.flush();
        return { receipt: receipt('applied', decision.status), credited: null };
    }
  }

  private async approve(em: EntityManager, payment: PaymentRow, tx: GatewayTransaction): Promise<{ id: string; expiresAt: Date }> {
    const now = this.clock.now();
    const actor = this.actor();
    const balance = await this.balances.credit(em, {
      userId: payment.user_id,
      type: payment.type,
      amount: Number(payment.consultations),
      validityDays: Number(payment.validity_days),
      source: 'purchase',
      paymentId: payment.id,
      reason: payment.reference,
      actor,
    });
    await em.execute(
      `update payments set status = 'APPROVED', gateway_transaction_id = ?, balance_id = ?, finalized_at = ?, updated_at = ?
       where id = ? and status = 'PENDING'`,
      [tx.id, balance.id, now, now, payment.id],
    );
    recordEvent(
      em,
      PlanPurchased,
      {
        paymentId: payment.id,
        reference: payment.reference,
        userId: payment.user_id,
        planId: payment.plan_id,
        type: payment.type,
        amount: Number(payment.consultations),
        priceInCents: Number(payment.amount_in_cents),
        currency: payment.currency,
      },
      { aggregateId: payment.id, actor, occurredAt: now },
    );
    return balance;
  }

  private async decline(em: EntityManager, payment: PaymentRow, tx: GatewayTransaction, status: PaymentStatus): Promise<void> {
    const now = this.clock.now();
    await em.execute(
      `update payments set status = ?, gateway_transaction_id = ?, finalized_at = ?, updated_at = ? where id = ? and status = 'PENDING'`,
      [status, tx.id, now, now, payment.id],
    );
    recordEvent(
      em,
      PaymentDeclined,
      { paymentId: payment.id, reference: payment.reference, userId: payment.user_id, status },
      { aggregateId: payment.id, actor: this.actor(), occurredAt: now },
    );
  }

  private actor(): Actor {
    return { kind: 'system', id: `payment-gateway:${this.gateway.name}` };
  }

  private async log(
    em: EntityManager,
    body: unknown,
    paymentId: string | null,
    tx: Pick<GatewayTransaction, 'reference' | 'status'> | null,
    outcome: EventOutcome,
  ) {
    await em.execute(
      'insert into payment_events (payment_id, reference, status, outcome, payload, received_at) values (?, ?, ?, ?, ?::jsonb, ?)',
      [paymentId, tx?.reference ?? referenceIn(body), tx?.status ?? null, outcome, JSON.stringify(body ?? null), this.clock.now()],
    );
  }

  /** Logs an event that changes nothing, in its own transaction (the caller is about to refuse it). */
  private async logAlone(
    body: unknown,
    outcome: EventOutcome,
    tx: Pick<GatewayTransaction, 'reference' | 'status'> | null = null,
  ): Promise<void> {
    await this.db.transactional((em) => this.log(em, body, null, tx, outcome));
  }
}

/** The reference a rejected event claims, for the operators reading the log (never trusted). */
function referenceIn(body: unknown): string | null {
  const ref = (body as { data?: { transaction?: { reference?: unknown } } } | null)?.data?.transaction?.reference;
  return typeof ref === 'string' ? ref.slice(0, 100) : null;
}
