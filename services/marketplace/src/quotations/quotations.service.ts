import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Actor, QuotationState } from '@tuerca/contracts';
import type { Visitor, Window } from '@tuerca/platform';
import { CloseQuotationWindow } from './close-quotation-window.command.js';
import { ListQuotations, type QuotationScope } from './list-quotations.query.js';
import { RespondToQuotation, type QuotationAnswer } from './respond-to-quotation.command.js';

/**
 * The quotations' entry for callers not yet in the house shape (the operator console's quotations resource):
 * each method only dispatches the command or query that does the work. Callers in the house shape dispatch
 * ListQuotations, RespondToQuotation and CloseQuotationWindow themselves.
 */
@Injectable()
export class QuotationsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  list(scope: QuotationScope, filter: { state?: QuotationState }, window: Window, sort?: { field: string; order: 'ASC' | 'DESC' }) {
    return this.queries.execute(new ListQuotations(scope, filter, window, sort));
  }

  respond(visitor: Visitor, quotationId: string, answer: QuotationAnswer, actor: Actor, options: { allowReanswer?: boolean } = {}) {
    return this.commands.execute(new RespondToQuotation(visitor, quotationId, answer, actor, options));
  }

  closeWindow(quotationId: string): Promise<boolean> {
    return this.commands.execute(new CloseQuotationWindow(quotationId));
  }
}
