import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import {
  ManualPaymentRecorded,
  PaymentReversed,
  formatCents,
  paymentTypeAllowed,
  t,
  type MakeTransactionPaidBody,
  type SessionUser,
  type TransactionPaid,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, ForbiddenError, NotFoundError, ValidationError, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { effectiveState } from '../purchases/purchase.rules.js';
import { TransactionPayment } from '../purchases/transaction-payment.entity.js';
import { parties, type LockedTransaction } from '../purchases/transaction-lifecycle.js';
import { isOperator, lockForStore } from './closing-access.js';
import { receivedCents, settlePayments } from './settlement.js';
import { readTransactionPaid } from './transaction-paid.views.js';

/** Five minutes of clock drift between a phone and the server; beyond that a "received" date in the future is a typo. */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * POST /api/cart/TransactionPaid/makeTransactionPaid: a store (its sellers) or an operator records a payment
 * received outside the gateway. Issue #13: "cash on delivery, bank transfer, Nequi/Daviplata in CO, SPEI or OXXO
 * in MX — the payment type is a closed list". Only a transaction waiting for payment takes one (an order is
 * confirmed first); the amount defaults to what is owed and never goes over it. Paid follows from the sum.
 */
export class MakeTransactionPaid extends Command<{ record: TransactionPaid; paid: boolean; refVenta: string }> {
  constructor(
    readonly user: SessionUser,
    readonly body: MakeTransactionPaidBody,
  ) {
    super();
  }
}

@CommandHandler(MakeTransactionPaid)
export class MakeTransactionPaidHandler implements ICommandHandler<MakeTransactionPaid> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, body }: MakeTransactionPaid) {
    const now = this.clock.now();
    const actor = { kind: 'user' as const, id: user.id };
    const receivedAt = body.receivedAt ? new Date(body.receivedAt) : now;
    if (receivedAt.getTime() > now.getTime() + FUTURE_SLACK_MS) throw new ValidationError([t('closing.receivedInFuture')]);
    const recordId = randomUUID();
    let paid = false;
    let refVenta = '';
    await this.db.transactional(async (em) => {
      const tx = await lockForStore(em, body.transactionId, user);
      refVenta = tx.refVenta;
      if (!paymentTypeAllowed(tx.country, body.paymentType))
        throw new ValidationError([
          t('closing.paymentTypeNotInCountry', { country: t(tx.country === 'MX' ? 'common.mexico' : 'common.colombia') }),
        ]);
      const read = effectiveState(
        { state: tx.state, stockState: tx.stockState, reservationExpiresAt: tx.reservationExpiresAt ?? null },
        now,
      );
      if (read.state === 'awaiting_confirmation') throw new DomainError(409, 'Not payable', [t('closing.confirmFirst')]);
      if (read.state !== 'pending_payment') throw new DomainError(409, 'Not payable', [t('closing.notPayableManually')]);
      const owed = tx.totalCents - (await receivedCents(em, tx.id));
      const amount = body.amountCents ?? owed;
      if (amount > owed) throw new ValidationError([t('closing.amountOverBalance', { balance: formatCents(owed, tx.currency) })]);
      em.create(TransactionPayment, {
        id: recordId,
        transaction: tx.id,
        source: 'manual',
        paymentId: recordId,
        reference: body.reference,
        amountCents: amount,
        currency: tx.currency,
        method: body.paymentType,
        gatewayTransactionId: null,
        receivedAt,
        reversedAt: null,
        reversalReason: null,
        paymentType: body.paymentType,
        notes: body.notes,
        recordedBy: user.id,
        reversedBy: null,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      recordEvent(
        em,
        ManualPaymentRecorded,
        {
          ...parties(tx),
          transactionPaidId: recordId,
          paymentType: body.paymentType,
          amountCents: amount,
          receivedAt: receivedAt.toISOString(),
          recordedBy: user.id,
        },
        { aggregateId: tx.id, actor, occurredAt: now },
      );
      paid = (await settlePayments(em, tx, body.reference || tx.refVenta, actor, now)) === 'paid';
    });
    const [record] = await readTransactionPaid(this.db.em(), [recordId]);
    return { record: record!, paid, refVenta };
  }
}

/** The payment record and its transaction, both locked; 404 when the person may not work the store. */
async function lockRecord(em: Parameters<typeof lockForStore>[0], recordId: string, user: SessionUser) {
  // The transaction first, then the record: the same lock order as the gateway's payments.
  const found = await kysely<MarketplaceDB>(em)
    .selectFrom('TransactionPayment')
    .select('transaction')
    .where('id', '=', recordId)
    .executeTakeFirst();
  if (!found) throw new NotFoundError();
  const tx: LockedTransaction = await lockForStore(em, found.transaction, user);
  const record = await em.findOneOrFail(TransactionPayment, { id: recordId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  return { record, tx };
}

/**
 * POST /api/cart/TransactionPaid/reversePaymentTypeTransactions: "a reversal, with its reason, never a delete:
 * the history stays" (issue #13). A store reverses its manual records; a gateway payment only an operator
 * (the money went through billing). A paid transaction no longer covered waits for payment again.
 */
export class ReversePayment extends Command<TransactionPaid> {
  constructor(
    readonly user: SessionUser,
    readonly recordId: string,
    readonly reason: string,
  ) {
    super();
  }
}

@CommandHandler(ReversePayment)
export class ReversePaymentHandler implements ICommandHandler<ReversePayment> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, recordId, reason }: ReversePayment): Promise<TransactionPaid> {
    const now = this.clock.now();
    const actor = { kind: 'user' as const, id: user.id };
    await this.db.transactional(async (em) => {
      const { record, tx } = await lockRecord(em, recordId, user);
      if (record.reversedAt) throw new DomainError(409, 'Already reversed', [t('closing.alreadyReversed')]);
      if (record.source === 'gateway' && !isOperator(user)) throw new ForbiddenError(t('closing.gatewayReversalOperatorOnly'));
      if (tx.state === 'returned' || tx.state === 'cancelled') throw new DomainError(409, 'Closed', [t('purchases.notChangeable')]);
      record.reversedAt = now;
      record.reversalReason = reason;
      record.reversedBy = user.id;
      await em.flush();
      await settlePayments(em, tx, record.reference, actor, now);
      recordEvent(
        em,
        PaymentReversed,
        { ...parties(tx), transactionPaidId: record.id, amountCents: record.amountCents, reason, stillPaid: tx.state === 'paid' },
        { aggregateId: tx.id, actor, occurredAt: now },
      );
    });
    const [view] = await readTransactionPaid(this.db.em(), [recordId]);
    return view!;
  }
}

/** PATCH /api/cart/transactionPaid/{id}: a manual record's reference, notes or date; the amount never changes (reverse and record again). */
export class UpdateTransactionPaid extends Command<TransactionPaid> {
  constructor(
    readonly user: SessionUser,
    readonly recordId: string,
    readonly change: { reference?: string; notes?: string; receivedAt?: string },
  ) {
    super();
  }
}

@CommandHandler(UpdateTransactionPaid)
export class UpdateTransactionPaidHandler implements ICommandHandler<UpdateTransactionPaid> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, recordId, change }: UpdateTransactionPaid): Promise<TransactionPaid> {
    const now = this.clock.now();
    await this.db.transactional(async (em) => {
      const { record } = await lockRecord(em, recordId, user);
      if (record.source !== 'manual') throw new DomainError(409, 'Not editable', [t('closing.gatewayNotEditable')]);
      if (record.reversedAt) throw new DomainError(409, 'Already reversed', [t('closing.alreadyReversed')]);
      if (change.receivedAt) {
        const at = new Date(change.receivedAt);
        if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) throw new ValidationError([t('closing.receivedInFuture')]);
        record.receivedAt = at;
      }
      if (change.reference !== undefined) record.reference = change.reference;
      if (change.notes !== undefined) record.notes = change.notes;
      record.updatedAt = now;
    });
    const [view] = await readTransactionPaid(this.db.em(), [recordId]);
    return view!;
  }
}
