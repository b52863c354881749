import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import {
  ErrorCodes,
  PartsQuoteRequested,
  QUOTE_REQUEST_MAX_SELLERS,
  cleanReference,
  t,
  vehicleLabel,
  type Actor,
  type QuoteRequestInput,
  type SessionUser,
} from '@tuerca/contracts';
import {
  Clock,
  ContextDatabase,
  DomainError,
  RateLimiter,
  kysely,
  recordEvent,
  throttleVisitor,
  type Visitor,
  type VisitorLimits,
} from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { QuoteRequest, QuoteRequestLine, QuoteRequestSeller } from './quote-request.entities.js';
import { addMatches, rankSellers, type SellerCandidate } from './quote-request.rules.js';

/** A workshop sends a few requests a day; a burst is refused with 429 before it reaches sellers' WhatsApp. */
export const QUOTE_REQUEST_LIMITS: VisitorLimits = { perVisitor: 20, perAddress: 100, windowSeconds: 3600 };

/** The '/home/page/cotizacion' form sent: the request, the sellers it reaches, one PartsQuoteRequested each. */
export class SendQuoteRequest extends Command<{ id: string; sellers: number }> {
  constructor(
    readonly visitor: Visitor,
    readonly input: QuoteRequestInput,
    readonly actor: Actor,
  ) {
    super();
  }
}

/**
 * spec 000 §5/§6: "A guest cannot request a quote (login modal appears). The user must also have completed
 * sign-up." The sellers are chosen by `rankSellers` over the search read model (visible products of the
 * requester's country): part numbers in `product_refs`, part names in the products' Spanish text, the make in
 * the products' compatible makes. No seller found: 422 with the reason, nothing written.
 */
@CommandHandler(SendQuoteRequest)
export class SendQuoteRequestHandler implements ICommandHandler<SendQuoteRequest> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ visitor, input, actor }: SendQuoteRequest) {
    const user = visitor.user as SessionUser;
    if (!user.signUpCompleted) throw new DomainError(403, ErrorCodes.SIGN_UP_INCOMPLETE, [t('auth.signUpIncomplete')]);
    await throttleVisitor(this.limiter, 'quote-requests', visitor, QUOTE_REQUEST_LIMITS);
    const country = user.country === 'MX' ? 'MX' : 'CO';
    const sellers = await this.chooseSellers(country, input);
    if (sellers.length === 0) throw new DomainError(422, 'No sellers', [t('quoteRequests.noSellers')]);
    const now = this.clock.now();
    return this.db.transactional(async (em) => {
      const request = em.create(QuoteRequest, {
        id: randomUUID(),
        userId: user.id,
        customerName: user.name,
        customerMobile: user.mobile || null,
        country,
        vehicleBrand: input.vehicle.brand,
        vehicleModel: input.vehicle.model,
        vehicleYear: input.vehicle.year ?? null,
        vin: input.vehicle.vin ? input.vehicle.vin.toUpperCase() : null,
        garageVehicleId: input.vehicle.garageVehicleId ?? null,
        city: input.city,
        comment: input.comment,
        createdAt: now,
      });
      input.parts.forEach((part, position) =>
        em.create(QuoteRequestLine, {
          id: randomUUID(),
          request,
          position,
          name: part.name,
          reference: part.reference,
          amount: part.amount,
        }),
      );
      const stores = await kysely<MarketplaceDB>(em)
        .selectFrom('Store')
        .select(['id', 'name', 'mobile'])
        .where(
          'id',
          'in',
          sellers.map((s) => s.storeId),
        )
        .execute();
      const vehicle = vehicleLabel({ brand: input.vehicle.brand, model: input.vehicle.model, year: input.vehicle.year ?? null });
      for (const store of stores) {
        const assignment = em.create(QuoteRequestSeller, {
          id: randomUUID(),
          request,
          store: store.id,
          state: 'awaiting',
          comment: null,
          answeredAt: null,
          answeredBy: null,
          createdAt: now,
        });
        recordEvent(
          em,
          PartsQuoteRequested,
          {
            requestId: request.id,
            assignmentId: assignment.id,
            storeId: store.id,
            storeName: store.name,
            storeMobile: store.mobile ?? null,
            userId: user.id,
            customerName: user.name,
            vehicle,
            city: input.city,
            parts: input.parts.map((p) => ({ name: p.name, reference: p.reference, amount: p.amount })),
          },
          { aggregateId: request.id, actor, occurredAt: now },
        );
      }
      await em.flush();
      return { id: request.id, sellers: stores.length };
    });
  }

  /** The stores the request reaches (read outside the write: the read model is a good-enough picture of who sells what). */
  private async chooseSellers(country: 'CO' | 'MX', input: QuoteRequestInput): Promise<SellerCandidate[]> {
    const k = kysely<MarketplaceDB>(this.db.em());
    const visible = k
      .selectFrom('ProductSearch as p')
      .select(['p.storeId', 'p.storeName'])
      .distinct()
      .where('p.storeCountry', '=', country)
      .where('p.storeIsVirtual', '=', false);
    const found = new Map<string, SellerCandidate>();
    for (const [position, part] of input.parts.entries()) {
      const ref = part.reference ? cleanReference(part.reference) : '';
      if (ref.length >= 3) {
        const byRef = await visible
          .where((eb) =>
            eb.exists(eb.selectFrom('ProductRef as r').select('r.ref').whereRef('r.product', '=', 'p.productId').where('r.ref', '=', ref)),
          )
          .execute();
        addMatches(found, byRef, { position, by: 'reference' });
      } else {
        const byName = await visible.where(sql<boolean>`p.document @@ plainto_tsquery('es_unaccent', ${part.name})`).execute();
        addMatches(found, byName, { position, by: 'name' });
      }
    }
    if (found.size === 0) {
      const byMake = await visible
        .where(sql<boolean>`exists (select 1 from unnest(p.makes) m where lower(m) = lower(${input.vehicle.brand}))`)
        .execute();
      addMatches(found, byMake, { make: true });
    }
    return rankSellers([...found.values()], QUOTE_REQUEST_MAX_SELLERS);
  }
}
