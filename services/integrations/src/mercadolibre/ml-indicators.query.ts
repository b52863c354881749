import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_PARAMETERS, mlSiteOfCountry, type MlConnectionView, type MlIndicators } from '@tuerca/contracts';
import type { Kysely } from 'kysely';
import { Clock, ContextDatabase, kysely } from '@tuerca/platform';
import type { IntegrationsDB } from '../integrations.database.js';
import { hasCompleteCompatibilities, publicationAllowance } from './ml.rules.js';
import { toConnectionView } from './ml-views.js';

/**
 * spec 000 §7 getFreepublicationsinML: the free publications a marketplace-integration plan in force includes
 * (billing's app parameter `freePublicationsInML`, followed through AppParameterChanged), whether the store has
 * such a plan (billing's ConsultationsCredited, bought by one of the store's people — identity's UserUpdated — or
 * by `buyerId`, the person acting for their own store), against the store's open listings.
 */
export async function freePublicationsOf(k: Kysely<IntegrationsDB>, storeId: string, now: Date, buyerId?: string) {
  const setting = await k.selectFrom('Setting').select(['value']).where('name', '=', 'freePublicationsInML').executeTakeFirst();
  // Rows written before the mirror stored numbers as numbers hold the value as a JSON string ("25").
  const stored = typeof setting?.value === 'string' ? Number(setting.value) : setting?.value;
  const free = typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 ? stored : APP_PARAMETERS.freePublicationsInML.default;
  const plans = await k
    .selectFrom('IntegrationPlan')
    .select(['expiresAt'])
    .where('expiresAt', '>', now)
    .where((eb) =>
      eb.or([
        eb('userId', 'in', eb.selectFrom('StoreMember').select('userId').where('storeId', '=', storeId)),
        ...(buyerId ? [eb('userId', '=', buyerId)] : []),
      ]),
    )
    .execute();
  const allowance = publicationAllowance(free, plans, now);
  const { used } = await k
    .selectFrom('ChannelListing')
    .select((eb) => eb.fn.countAll<number>().as('used'))
    .where('channel', '=', 'mercadolibre')
    .where('storeId', '=', storeId)
    .where('desiredStatus', '!=', 'closed')
    .where('status', 'not in', ['closed', 'error'])
    .executeTakeFirstOrThrow();
  const planActive = allowance.planExpiresAt !== null;
  return {
    allowance,
    view: {
      amount: free,
      used: Number(used),
      remaining: planActive ? Math.max(0, free - Number(used)) : 0,
      plan_active: planActive,
      plan_expires_at: allowance.planExpiresAt?.toISOString() ?? null,
    },
  };
}

export class GetMlIndicators extends Query<MlIndicators> {
  constructor(
    readonly storeId: string,
    /** The person asking: a plan they bought counts for the store they act for. */
    readonly userId?: string,
  ) {
    super();
  }
}

/** spec 000 §7 "GET indicatorsForProductsInML": a store's products on MercadoLibre by state, and their compatibilities. */
@QueryHandler(GetMlIndicators)
export class GetMlIndicatorsHandler implements IQueryHandler<GetMlIndicators> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ storeId, userId }: GetMlIndicators): Promise<MlIndicators> {
    const k = kysely<IntegrationsDB>(this.db.em());
    const connection = await k.selectFrom('MlConnection').select(['state']).where('storeId', '=', storeId).executeTakeFirst();
    const byStatus = await k
      .selectFrom('ChannelListing')
      .select(['status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel', '=', 'mercadolibre')
      .where('storeId', '=', storeId)
      .groupBy('status')
      .execute();
    const count = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
    const products = await k
      .selectFrom('MirroredProduct')
      .select(['compatibleVehicles'])
      .where('storeId', '=', storeId)
      .where('state', '=', 'published')
      .execute();
    return {
      store_id: storeId,
      connected: connection?.state === 'connected',
      products: products.length,
      published: count('active'),
      paused: count('paused'),
      pending: count('pending') + count('under_review'),
      with_errors: count('error'),
      closed: count('closed'),
      with_complete_compatibilities: products.filter((p) => hasCompleteCompatibilities(p.compatibleVehicles)).length,
      without_compatibilities: products.filter((p) => p.compatibleVehicles.length === 0).length,
      free_publications: (await freePublicationsOf(k, storeId, this.clock.now(), userId)).view,
    };
  }
}

export class GetMlConnection extends Query<MlConnectionView> {
  constructor(readonly storeId: string) {
    super();
  }
}

@QueryHandler(GetMlConnection)
export class GetMlConnectionHandler implements IQueryHandler<GetMlConnection> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ storeId }: GetMlConnection): Promise<MlConnectionView> {
    const k = kysely<IntegrationsDB>(this.db.em());
    const row = await k.selectFrom('MlConnection').selectAll().where('storeId', '=', storeId).executeTakeFirst();
    const store = await k.selectFrom('MirroredStore').select(['country']).where('id', '=', storeId).executeTakeFirst();
    return toConnectionView(storeId, row ?? null, mlSiteOfCountry(store?.country ?? 'CO'));
  }
}
