import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import type { MeteredKind, MeterStatus } from '@tuerca/contracts';
import { CurrentVisitor, MeteringClient, ok, zod, type Visitor } from '@tuerca/platform';
import { QuotaCountersProjection } from './quota-counters.projection.js';

const storeParams = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Valor inválido' }),
});
const storeQuery = z.object({ storeId: z.string().trim().max(64).optional() });

/**
 * The counters and balances the consoles show (spec 001 §3 "Quota metadata", §7). Counters come from
 * the quota-counter read model; balances from billing's own balances.
 */
@Controller()
export class ConsultationsController {
  constructor(
    private readonly metering: MeteringClient,
    private readonly counters: QuotaCountersProjection,
  ) {}

  private async view(visitor: Visitor, kind: MeteredKind, storeId?: string | null) {
    const who = visitor.user ? { kind: 'user' as const, id: visitor.user.id } : { kind: 'guest' as const, id: visitor.guestId };
    const [status, counts] = await Promise.all([this.metering.status({ kind, who, storeId }), this.counters.counts(who, kind, storeId)]);
    return { status, counts };
  }

  private body(status: MeterStatus, counts: { total: number; inStore: number }) {
    return {
      searchesPerformed: counts.total,
      searchesPerformedInStore: counts.inStore,
      consultationsAvailable: status.consultationsAvailable,
      generalInquiriesAvailable: status.generalInquiriesAvailable,
    };
  }

  /** spec 000 §7: searchesPerformed, consultationsAvailable, generalInquiriesAvailable (substitutions). */
  @Get('api/catalogo/catalogSubstitutions/getUserConsultations')
  async substitutions(@CurrentVisitor() visitor: Visitor) {
    const { status, counts } = await this.view(visitor, 'substitutions');
    return ok(this.body(status, counts), { loginPrompt: status.loginPrompt, freeRemaining: status.freeRemaining });
  }

  /** spec 001 §7: catalogue counters (searchesPerformed, searchesPerformedInStore, balances). */
  @Get('api/catalogo/catalogV2/getSearchesPerformed')
  async catalog(@CurrentVisitor() visitor: Visitor, @Query(zod(storeQuery)) q: { storeId?: string }) {
    const { status, counts } = await this.view(visitor, 'catalog', q.storeId || null);
    return ok(this.body(status, counts), {
      loginPrompt: status.loginPrompt,
      freeRemaining: status.freeRemaining,
      canShowPartNumbers: status.canShowPartNumbers,
    });
  }

  /** The aftermarket (substitutions) counters, same shape (spec names getSearchesPerformedAm). */
  @Get('api/catalogo/catalogV2/getSearchesPerformedAm')
  async aftermarket(@CurrentVisitor() visitor: Visitor) {
    const { status, counts } = await this.view(visitor, 'substitutions');
    return ok(this.body(status, counts), { loginPrompt: status.loginPrompt, freeRemaining: status.freeRemaining });
  }

  /** Catalogue counters inside store {id} (virtual stores use their own thresholds). */
  @Get('api/catalogo/catalogV2/:id/getSearchesPerformedOemStore')
  async inStore(@CurrentVisitor() visitor: Visitor, @Param(zod(storeParams)) p: { id: string }) {
    const { status, counts } = await this.view(visitor, 'catalog', p.id);
    return ok(this.body(status, counts), {
      loginPrompt: status.loginPrompt,
      freeRemaining: status.freeRemaining,
      canShowPartNumbers: status.canShowPartNumbers,
    });
  }

  /** spec 001 §3: total available plate queries = plate consultations + general inquiries. */
  @Get('api/garage/vehicle/getConsultationsByPlateAvailable')
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
