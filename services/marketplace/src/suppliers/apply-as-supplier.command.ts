import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { t, type SupplierApplicationInput } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError } from '@tuerca/platform';
import { SupplierApplication } from './supplier-application.entity.js';

/** A parts shop applies to sell on Tuerca; answers the application's id. */
export class ApplyAsSupplier extends Command<{ id: string; status: 'pending' }> {
  constructor(readonly input: SupplierApplicationInput) {
    super();
  }
}

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
  ) {}

  async execute({ input }: ApplyAsSupplier) {
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
