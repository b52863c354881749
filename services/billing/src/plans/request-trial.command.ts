import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, t, transactionTypeLabel, type Actor, type TransactionType, type TrialGranted } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, LoginRequiredError, kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { DutyScheduler } from '../duties/duty-scheduler.js';
import { creditBalance } from '../balances/credit-balance.js';
import { formatExpiry } from '../metering/metering.rules.js';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { isTrialType } from './charging-plan.rules.js';

export class RequestTrial extends Command<TrialGranted> {
  constructor(
    /** Null for a guest, who must log in first. */
    readonly userId: string | null,
    readonly type: TransactionType,
    readonly actor: Actor,
  ) {
    super();
  }
}

function alreadyRequested(type: TransactionType): DomainError {
  return new DomainError(409, ErrorCodes.TRIAL_ALREADY_REQUESTED, [
    t('plans.trialAlreadyRequested', { consultationType: transactionTypeLabel(type) }),
  ]);
}

/**
 * spec 000 §6, §7: a logged-in person may request a trial consultation (guests log in first). Tuerca grants
 * it at once: `trialConsultationsAmount` consultations of that type, valid `trialConsultationsValidityDays`,
 * once per person and type (the `trials` primary key guards it even under concurrent requests).
 */
@CommandHandler(RequestTrial)
export class RequestTrialHandler implements ICommandHandler<RequestTrial> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly parameters: AppParametersService,
    private readonly duties: DutyScheduler,
    private readonly clock: Clock,
  ) {}

  async execute({ userId, type, actor }: RequestTrial): Promise<TrialGranted> {
    if (!userId) throw new LoginRequiredError(401, t('session.loginToRequestTrial'));
    if (!isTrialType(type)) throw new DomainError(400, ErrorCodes.TRIAL_NOT_AVAILABLE, [t('plans.trialNotAvailable')]);
    const params = await this.parameters.all();
    // An operator turns trials off by setting the amount to zero.
    if (params.trialConsultationsAmount < 1) throw new DomainError(400, ErrorCodes.TRIAL_NOT_AVAILABLE, [t('plans.trialFailed')]);
    const now = this.clock.now();
    const balance = await this.db.transactional(async (em) => {
      const k = kysely<BillingDB>(em);
      const before = await k.selectFrom('Trial').select('userId').where('userId', '=', userId).where('type', '=', type).executeTakeFirst();
      if (before) throw alreadyRequested(type);
      const credited = creditBalance(
        em,
        {
          userId,
          type,
          amount: params.trialConsultationsAmount,
          validityDays: params.trialConsultationsValidityDays,
          source: 'trial',
          reason: t('plans.requestTrial'),
          reminderDays: params.expiryReminderDays,
          actor,
        },
        now,
      );
      await em.flush();
      // A concurrent request that got here first wins; this one rolls back with its credit.
      const inserted = await k
        .insertInto('Trial')
        .values({ userId, type, balanceId: credited.id, requestedAt: now })
        .onConflict((oc) => oc.doNothing())
        .returning('userId')
        .executeTakeFirst();
      if (!inserted) throw alreadyRequested(type);
      return credited;
    });
    await this.duties.armBalance(balance);
    const expiredDate = formatExpiry(balance.expiresAt)!;
    return {
      message: t('plans.trialRequested'),
      detail: t('plans.trialCredited', { amount: params.trialConsultationsAmount, date: expiredDate }),
      transactionType: type,
      amount: params.trialConsultationsAmount,
      expiresAt: balance.expiresAt.toISOString(),
      expiredDate,
    };
  }
}
