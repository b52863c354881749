import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  QuestionAsked,
  compatibilityQuestion,
  t,
  vehicleKey,
  type Actor,
  type AskQuestionInput,
  type QuestionView,
  type SessionUser,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, kysely, recordEvent } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { ProductQuestion } from './product-question.entity.js';
import { readQuestion } from './question-views.js';

/** POST /catalogo/productosQuestions: a person asks the product's seller whether it fits their vehicle. */
export class AskQuestion extends Command<QuestionView> {
  constructor(
    readonly user: SessionUser,
    readonly input: AskQuestionInput,
    readonly actor: Actor,
  ) {
    super();
  }
}

const alreadyAsked = () => new DomainError(409, 'Question already asked', [t('questions.alreadyAsked')]);

/**
 * spec 000 §5: "Compatibility question needs a non-empty vehicle. Question text: 'Is this product compatible
 * with my vehicle {brand} - {model} - {year}?' with the year optional" — the stored text is always built from
 * the vehicle; §6: guests cannot ask (the route is for logged-in people: 401 'Login required'). The product
 * and its store come from the product id; the reference and description default to the product's. One
 * waiting question per person, product and vehicle (409). QuestionAsked tells the store on WhatsApp.
 */
@CommandHandler(AskQuestion)
export class AskQuestionHandler implements ICommandHandler<AskQuestion> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ user, input, actor }: AskQuestion): Promise<QuestionView> {
    try {
      return await this.db.transactional(async (em) => {
        const product = await kysely<MarketplaceDB>(em)
          .selectFrom('Product as p')
          .innerJoin('Store as s', 's.id', 'p.store')
          .select(['p.id', 'p.store as storeId', 'p.title', 'p.referencia1', 'p.descripcion', 's.mobile as storeMobile'])
          .where('p.id', '=', input.product_id)
          .where('p.state', '<>', 'deleted')
          .executeTakeFirst();
        if (!product) throw new NotFoundError(t('availability.productNotAvailable'));
        const vehicle = input.vehicle;
        const key = vehicleKey(vehicle);
        const waiting = await kysely<MarketplaceDB>(em)
          .selectFrom('ProductQuestion')
          .select('id')
          .where('userId', '=', user.id)
          .where('product', '=', product.id)
          .where('vehicleKey', '=', key)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (waiting) throw alreadyAsked();
        const now = this.clock.now();
        const q = em.create(ProductQuestion, {
          id: randomUUID(),
          product: product.id,
          store: product.storeId,
          userId: user.id,
          askerName: user.name,
          askerEmail: user.email,
          askerMobile: user.mobile || null,
          question: compatibilityQuestion(vehicle),
          comment: input.comment || null,
          productReference: input.product_reference || product.referencia1,
          productDescription: input.product_description || product.descripcion || product.title,
          vehicleBrand: vehicle.brand,
          vehicleModel: vehicle.model,
          vehicleYear: vehicle.year,
          vehicleVin: vehicle.vin,
          vehicleKey: key,
          state: 'pending',
          createdAt: now,
          updatedAt: now,
        });
        recordEvent(
          em,
          QuestionAsked,
          {
            questionId: q.id,
            productId: product.id,
            storeId: product.storeId,
            userId: user.id,
            askerName: user.name,
            title: product.title,
            reference: q.productReference,
            vehicle: { brand: vehicle.brand, model: vehicle.model, year: vehicle.year, vin: vehicle.vin },
            comment: q.comment ?? null,
            followUp: null,
            storeMobile: product.storeMobile,
          },
          { aggregateId: q.id, actor, occurredAt: now },
        );
        await em.flush();
        return (await readQuestion(em, q.id, { viewerId: user.id, verdict: true }))!;
      });
    } catch (err) {
      // Two tabs asking at once: the unique index keeps one.
      if (err instanceof UniqueConstraintViolationException) throw alreadyAsked();
      throw err;
    }
  }
}
