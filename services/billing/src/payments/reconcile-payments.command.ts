import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  APP_CONFIG,
  Clock,
  ContextDatabase,
  Jobs,
  LOGGER,
  defineJob,
  errorText,
  kysely,
  type AppConfig,
  type Logger,
} from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { billingConfig, type BillingConfig } from '../billing.config.js';
import { PaymentGateway } from './gateway/payment-gateway.js';
import { ReceivePaymentEvent } from './receive-payment-event.command.js';

/** At most this many pending payments are asked about per run, oldest first. */
const BATCH = 100;
/** Past this age a pending payment is no longer asked about (the gateway's checkout has long closed). */
const GIVE_UP_DAYS = 7;

/**
 * Pending payments whose event never arrived are asked about (#24): each pending payment older than
 * PAYMENT_RECONCILE_AFTER_MINUTES is looked up at the gateway by its reference, and a final answer is applied
 * exactly as its event would have been (same command, same once-only rules: a late event is then a replay).
 */
export class ReconcilePendingPayments extends Command<{ asked: number; applied: number }> {}

@CommandHandler(ReconcilePendingPayments)
export class ReconcilePendingPaymentsHandler implements ICommandHandler<ReconcilePendingPayments> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly gateway: PaymentGateway,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    @Inject(billingConfig.token) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(): Promise<{ asked: number; applied: number }> {
    const now = this.clock.now().getTime();
    const pending = await kysely<BillingDB>(this.db.em())
      .selectFrom('Payment')
      .select(['reference'])
      .where('status', '=', 'PENDING')
      .where('createdAt', '<=', new Date(now - this.config.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000))
      .where('createdAt', '>', new Date(now - GIVE_UP_DAYS * 86_400_000))
      .orderBy('createdAt')
      .limit(BATCH)
      .execute();
    let applied = 0;
    for (const { reference } of pending) {
      try {
        const tx = await this.gateway.findTransaction(reference);
        if (!tx || tx.status === 'PENDING') continue;
        const receipt = await this.commands.execute(new ReceivePaymentEvent({ source: 'status-query', transaction: tx }, null, tx));
        if (receipt.outcome === 'applied') applied++;
      } catch (err) {
        this.logger.warn({ reference, gateway: this.gateway.name, err: errorText(err) }, 'payment not reconciled this time');
      }
    }
    return { asked: pending.length, applied };
  }
}

export const PaymentReconcileJob = defineJob<Record<string, never>>('billing', 'payment-reconcile');

/** Runs the reconciliation every five minutes in the worker role. */
@Injectable()
export class PaymentReconciler implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(PaymentReconcileJob, async () => {
      await this.commands.execute(new ReconcilePendingPayments());
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.app.ROLE === 'api') return;
    await this.jobs.every(PaymentReconcileJob, 5 * 60_000, {});
  }
}
