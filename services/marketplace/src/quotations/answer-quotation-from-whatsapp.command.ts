import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { toE164, type PayloadOf, type SellerRepliedOnWhatsApp } from '@tuerca/contracts';
import { Clock, ContextDatabase, LOGGER, NotFoundError, kysely, withinTransaction, type Logger } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { Quotation } from './quotation.entity.js';
import { QuotationWindows } from './close-quotation-window.command.js';
import { applyQuotationAnswer } from './respond-to-quotation.command.js';

export type WhatsAppAnswerOutcome = 'answered' | 'unknown-quotation' | 'not-the-store' | 'already-answered' | 'product-gone';

/** A store's tap on 'Hay disponibilidad' / 'No hay disponibilidad' (SellerRepliedOnWhatsApp), in the consumer's transaction. */
export class AnswerQuotationFromWhatsApp extends Command<WhatsAppAnswerOutcome> {
  constructor(
    readonly reply: PayloadOf<typeof SellerRepliedOnWhatsApp>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

/**
 * The same answer as the console's (applyQuotationAnswer: state, window with the product's remainingTime,
 * SellerResponded — the buyer is told), accepted only from the store's own WhatsApp number and only while the
 * quotation awaits an answer: the first answer wins, so a second tap, a replay or a tap after the console's
 * answer changes nothing (and is no error: the event is applied, once).
 */
@CommandHandler(AnswerQuotationFromWhatsApp)
export class AnswerQuotationFromWhatsAppHandler implements ICommandHandler<AnswerQuotationFromWhatsApp> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly windows: QuotationWindows,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ reply, tx }: AnswerQuotationFromWhatsApp): Promise<WhatsAppAnswerOutcome> {
    const result = await withinTransaction(this.db, tx, async (em) => {
      const q = await em.findOne(Quotation, { id: reply.quotationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!q) return { outcome: 'unknown-quotation' as const, expires: null };
      const store = await kysely<MarketplaceDB>(em).selectFrom('Store').select('mobile').where('id', '=', q.store.id).executeTakeFirst();
      const storeNumber = toE164(store?.mobile);
      if (!storeNumber || storeNumber !== toE164(reply.from)) return { outcome: 'not-the-store' as const, expires: null };
      if (q.state !== 'awaiting') return { outcome: 'already-answered' as const, expires: null };
      let expires: Date | null;
      try {
        ({ expires } = await applyQuotationAnswer(
          em,
          q,
          { available: reply.available },
          { respondedBy: `whatsapp:${storeNumber}`, actor: { kind: 'system', id: 'whatsapp' }, now: this.clock.now() },
        ));
      } catch (err) {
        // The product was deleted meanwhile: nothing to answer (checked before anything changed).
        if (err instanceof NotFoundError) return { outcome: 'product-gone' as const, expires: null };
        throw err;
      }
      await em.flush();
      return { outcome: 'answered' as const, expires };
    });
    if (result.outcome !== 'answered')
      this.logger.info(
        { quotation: reply.quotationId, outcome: result.outcome, wamid: reply.whatsappMessageId },
        'WhatsApp reply not applied',
      );
    // The window's alarm, best effort (the sweep re-arms a lost one). Armed before the consumer's commit: the
    // close checks the row and the clock itself, so a rolled-back answer leaves an 'awaiting' quotation it ignores.
    if (result.expires) await this.windows.arm({ id: reply.quotationId, runAt: result.expires });
    return result.outcome;
  }
}
