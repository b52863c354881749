import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConsultationsExpiringSoon } from '@tuerca/contracts';
import { Clock, ContextDatabase, recordEvent, withinTransaction } from '@tuerca/platform';
import { Balance } from './balance.entity.js';
import { deservesReminder } from './balance.rules.js';

/**
 * At the balance's `remindAt`, once, while consultations are left: ConsultationsExpiringSoon (notifications
 * tell the person). A no-op before its time and after it was done.
 */
export class RemindBalance extends Command<boolean> {
  constructor(
    readonly balanceId: string,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(RemindBalance)
export class RemindBalanceHandler implements ICommandHandler<RemindBalance> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ balanceId, tx }: RemindBalance): Promise<boolean> {
    const now = this.clock.now();
    return withinTransaction(this.db, tx, async (em) => {
      const b = await em.findOne(Balance, { id: balanceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!b || b.remindedAt || !b.remindAt || b.remindAt.getTime() > now.getTime()) return false;
      // Reminded once, even when there is nothing left to remind of.
      b.remindedAt = now;
      if (!deservesReminder(b, now)) {
        await em.flush();
        return false;
      }
      recordEvent(
        em,
        ConsultationsExpiringSoon,
        { balanceId, userId: b.userId, type: b.type, remaining: b.remaining, expiresAt: b.expiresAt.toISOString() },
        { aggregateId: b.userId, actor: { kind: 'system', id: 'billing' }, occurredAt: now },
      );
      await em.flush();
      return true;
    });
  }
}
