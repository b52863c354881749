import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, type CompatibleVehicle, type QuestionAnswer, type VerdictView } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { compatibilityVerdict, type AskedVehicle } from './question.rules.js';
import { crossReferenceEvidence } from './question-evidence.js';

/**
 * GET /catalogo/products/{id}/compatibilityVerdict: ¿Le sirve a mi vehículo? — Sí / Probable / No / Necesito tu
 * VIN from what the product already carries (compatible vehicles, cross-references to originals, the part's brand) and its store's answers to
 * earlier questions, each verdict naming its evidence (question.rules.ts).
 */
export class GetCompatibilityVerdict extends Query<VerdictView> {
  constructor(
    readonly productId: string,
    readonly vehicle: AskedVehicle,
  ) {
    super();
  }
}

@QueryHandler(GetCompatibilityVerdict)
export class GetCompatibilityVerdictHandler implements IQueryHandler<GetCompatibilityVerdict> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ productId, vehicle }: GetCompatibilityVerdict): Promise<VerdictView> {
    const k = kysely<MarketplaceDB>(this.db.em());
    const product = await k
      .selectFrom('Product')
      .select(['id', 'manufacturerTitle', 'compatibleVehicles', 'cleanReference1'])
      .where('id', '=', productId)
      .where('state', '<>', 'deleted')
      .executeTakeFirst();
    if (!product) throw new NotFoundError(t('availability.productNotAvailable'));
    const answers = await k
      .selectFrom('ProductQuestion')
      .select(['vehicleBrand', 'vehicleModel', 'vehicleYear', 'answer', 'answeredAt'])
      .where('product', '=', productId)
      .where('answer', 'is not', null)
      .where('answeredAt', 'is not', null)
      .execute();
    const crossReferences = await crossReferenceEvidence(this.db.em(), [product]);
    return compatibilityVerdict(
      vehicle,
      { manufacturerTitle: product.manufacturerTitle, compatibleVehicles: product.compatibleVehicles as CompatibleVehicle[] },
      answers.map((a) => ({
        vehicle: { brand: a.vehicleBrand, model: a.vehicleModel, year: a.vehicleYear },
        answer: a.answer as QuestionAnswer,
        answeredAt: new Date(a.answeredAt!),
      })),
      crossReferences.get(product.id) ?? [],
    );
  }
}
