import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { countersRoutes as routes, type MeteredKind, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, ok, type Visitor } from '@tuerca/platform';
import { GetConsultationCounters, type ConsultationCountersAnswer } from './get-consultation-counters.query.js';

const whoOf = (v: Visitor) => (v.user ? { kind: 'user' as const, id: v.user.id } : { kind: 'guest' as const, id: v.guestId });

function counters({ status, counts }: ConsultationCountersAnswer) {
  return {
    searchesPerformed: counts.total,
    searchesPerformedInStore: counts.inStore,
    consultationsAvailable: status.consultationsAvailable,
    generalInquiriesAvailable: status.generalInquiriesAvailable,
  };
}

/** The counters and balances the consoles show (spec 001 §3 "Quota metadata", §7). */
@Controller()
export class ConsultationsController {
  constructor(private readonly queries: QueryBus) {}

  private view(visitor: Visitor, kind: MeteredKind, storeId: string | null = null) {
    return this.queries.execute(new GetConsultationCounters(whoOf(visitor), kind, storeId));
  }

  /** spec 000 §7: searchesPerformed, consultationsAvailable, generalInquiriesAvailable (substitutions). */
  @Bind(routes.substitutions)
  async substitutions(@CurrentVisitor() visitor: Visitor) {
    const answer = await this.view(visitor, 'substitutions');
    return ok(counters(answer), { loginPrompt: answer.status.loginPrompt, freeRemaining: answer.status.freeRemaining });
  }

  /** spec 001 §7: catalogue counters (searchesPerformed, searchesPerformedInStore, balances). */
  @Bind(routes.catalog)
  async catalog(@Input() { query }: RouteInput<typeof routes.catalog>, @CurrentVisitor() visitor: Visitor) {
    const answer = await this.view(visitor, 'catalog', query.storeId || null);
    const { status } = answer;
    return ok(counters(answer), {
      loginPrompt: status.loginPrompt,
      freeRemaining: status.freeRemaining,
      canShowPartNumbers: status.canShowPartNumbers,
    });
  }

  /** The aftermarket (substitutions) counters, same shape (the spec names getSearchesPerformedAm). */
  @Bind(routes.aftermarket)
  async aftermarket(@CurrentVisitor() visitor: Visitor) {
    const answer = await this.view(visitor, 'substitutions');
    return ok(counters(answer), { loginPrompt: answer.status.loginPrompt, freeRemaining: answer.status.freeRemaining });
  }

  /** Catalogue counters inside store {id} (virtual stores use their own thresholds). */
  @Bind(routes.inStore)
  async inStore(@Input() { params }: RouteInput<typeof routes.inStore>, @CurrentVisitor() visitor: Visitor) {
    const answer = await this.view(visitor, 'catalog', params.id);
    const { status } = answer;
    return ok(counters(answer), {
      loginPrompt: status.loginPrompt,
      freeRemaining: status.freeRemaining,
      canShowPartNumbers: status.canShowPartNumbers,
    });
  }

  /** spec 001 §3: total available plate queries = plate consultations + general inquiries. */
  @Bind(routes.plate)
  async plate(@CurrentVisitor() visitor: Visitor) {
    const { status, counts } = await this.view(visitor, 'plate');
    return ok(
      {
        searchesPerformed: counts.total,
        consultationsAvailable: status.consultationsAvailable,
        generalInquiriesAvailable: status.generalInquiriesAvailable,
        consultationsByPlateAvailable: status.consultationsAvailable.amount + status.generalInquiriesAvailable.amount,
      },
      { loginPrompt: status.loginPrompt, freeRemaining: status.freeRemaining },
    );
  }
}
