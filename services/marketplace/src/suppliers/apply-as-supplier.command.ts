import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { t, type SupplierApplicationInput } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, RateLimiter, throttleVisitor, type Visitor, type VisitorLimits } from '@tuerca/platform';
import { SupplierApplication } from './supplier-application.entity.js';

/** A parts shop applies to sell on Tuerca; answers the application's id. */
export class ApplyAsSupplier extends Command<{ id: string; status: 'pending' }> {
  constructor(
    readonly input: SupplierApplicationInput,
    readonly visitor: Visitor,
  ) {
    super();
  }
}

/**
 * The application is public (no account needed), so it is limited: a shop sends one, maybe a corrected second;
 * an office or a shared mobile connection a few more. Past it: 429 with 'Demasiados intentos. Intenta de nuevo
 * en N minutos.'
 */
export const APPLICATION_LIMITS: VisitorLimits = { perVisitor: 5, perAddress: 20, windowSeconds: 3600 };

const alreadyPending = () => {
  const message = t('suppliers.alreadyPending');
  return new DomainError(409, 'Application pending', [message], [{ path: 'tax_id', message }]);
};

/** One open application per tax id and country (a unique partial index, so two clicks cannot make two). */
@CommandHandler(ApplyAsSupplier)
export class ApplyAsSupplierHandler implements ICommandHandler<ApplyAsSupplier> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ input, visitor }: ApplyAsSupplier) {
    await throttleVisitor(this.limiter, 'supplier-applications', visitor, APPLICATION_LIMITS);
    const now = this.clock.now();
    try {
      return await this.db.transactional(async (em) => {
        const row = em.create(SupplierApplication, {
          id: randomUUID(),
          status: 'pending',
          country: input.country,
          company: input.company,
          taxId: input.tax_id,
          city: input.city,
          contactName: input.contact_name,
          email: input.email,
          whatsapp: input.whatsapp,
          sells: input.sells,
          storeId: null,
          rejectionReason: null,
          reviewedBy: null,
          reviewedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        return { id: row.id, status: 'pending' as const };
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw alreadyPending();
      throw err;
    }
  }
}
