import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { defaultValidityDays, type Actor, type AdminBalance, type ManualCredit } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { DutyScheduler } from '../duties/duty-scheduler.js';
import { creditBalance } from '../balances/credit-balance.js';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { GetAdminBalance } from './admin-balances.query.js';

/** An operator credits consultations with a reason; audited (the balance keeps reason and operator; ConsultationsCredited carries both). */
export class CreditManually extends Command<AdminBalance> {
  constructor(
    readonly input: ManualCredit,
    readonly operatorId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(CreditManually)
export class CreditManuallyHandler implements ICommandHandler<CreditManually> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly duties: DutyScheduler,
    private readonly queries: QueryBus,
    private readonly parameters: AppParametersService,
    private readonly clock: Clock,
  ) {}

  async execute({ input, operatorId, actor }: CreditManually): Promise<AdminBalance> {
    const now = this.clock.now();
    const { expiryReminderDays } = await this.parameters.all();
    const credited = await this.db.transactional(async (em) => {
      const balance = creditBalance(
        em,
        {
          userId: input.userId,
          type: input.type,
          amount: input.amount,
          validityDays: input.validityDays ?? defaultValidityDays(input.type),
          source: 'manual',
          reason: input.reason,
          creditedBy: operatorId,
          reminderDays: expiryReminderDays,
          actor,
        },
        now,
      );
      await em.flush();
      return balance;
    });
    await this.duties.armBalance(credited);
    return this.queries.execute(new GetAdminBalance(credited.id));
  }
}
