import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, t, transactionTypeLabel, type Actor, type TransactionType } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, LOGGER, type Logger } from '@tuerca/platform';
import { BalancesService } from '../balances/balances.service.js';
import { formatExpiry } from '../metering/metering.rules.js';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { isTrialType } from './charging-plan.rules.js';

export interface TrialGranted {
  message: string;
  detail: string;
  transactionType: TransactionType;
  amount: number;
  expiresAt: string;
  /** DD/MM/YYYY, as the consoles show expiries. */
  expiredDate: string;
}

export class RequestTrialCommand extends Command<TrialGranted> {
  constructor(
    readonly userId: string,
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
 * spec 000 §6, §7: a logged-in person may request a trial consultation. Tuerca grants it at once:
 * `trialConsultationsAmount` consultations of that type, valid `trialConsultationsValidityDays`, once per
 * person and type (the `trials` primary key guards it even under concurrent requests).
 */
@CommandHandler(RequestTrialCommand)
export class RequestTrialHandler implements ICommandHandler<RequestTrialCommand> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly balances: BalancesService,
    private readonly parameters: AppParametersService,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ userId, type, actor }: RequestTrialCommand): Promise<TrialGranted> {
    if (!isTrialType(type)) throw new DomainError(400, ErrorCodes.TRIAL_NOT_AVAILABLE, [t('plans.trialNotAvailable')]);
    const params = await this.parameters.all();
    // An operator turns trials off by setting the amount to zero.
    if (params.trialConsultationsAmount < 1) throw new DomainError(400, ErrorCodes.TRIAL_NOT_AVAILABLE, [t('plans.trialFailed')]);
    const now = this.clock.now();
    const balance = await this.db.transactional(async (em) => {
      const before = await em.execute('select 1 from trials where user_id = ? and type = ?', [userId, type]);
      if (before.length > 0) throw alreadyRequested(type);
      const credited = await this.balances.credit(em, {
        userId,
        type,
        amount: params.trialConsultationsAmount,
        validityDays: params.trialConsultationsValidityDays,
        source: 'trial',
        reason: t('plans.requestTrial'),
        actor,
      });
      // A concurrent request that got here first wins; this one rolls back with its credit.
      const inserted = await em.execute(
        'insert into trials (user_id, type, balance_id, requested_at) values (?, ?, ?, ?) on conflict do nothing returning user_id',
        [userId, type, credited.id, now],
      );
      if (inserted.length === 0) throw alreadyRequested(type);
      await em.flush();
      return credited;
    });
    await this.balances.scheduleJobs(balance).catch((err: unknown) => {
      // The credit is committed; expiry is also checked on every read, so a missed job only delays the event.
      this.logger.warn(
        { balanceId: balance.id, err: err instanceof Error ? err.message : String(err) },
        'trial balance jobs not scheduled',
      );
    });
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
