import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';

/** How many live vehicles the person has (spec 001 §7: a number in data). */
export class CountVehicles extends Query<number> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(CountVehicles)
export class CountVehiclesHandler implements IQueryHandler<CountVehicles> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId }: CountVehicles): Promise<number> {
    const row = await kysely<GarageDB>(this.db.em())
      .selectFrom('Vehicle')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', userId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
