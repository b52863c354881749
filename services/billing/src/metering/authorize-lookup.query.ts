import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MeterRequest, MeterStatus } from '@tuerca/contracts';
import { denial } from './meter-snapshot.js';
import { GetMeterStatus } from './get-meter-status.query.js';

/** Whether a lookup may run now; the spec's 401/403 when it may not (nothing is charged either way). */
export class AuthorizeLookup extends Query<MeterStatus> {
  constructor(readonly request: MeterRequest) {
    super();
  }
}

@QueryHandler(AuthorizeLookup)
export class AuthorizeLookupHandler implements IQueryHandler<AuthorizeLookup> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ request }: AuthorizeLookup): Promise<MeterStatus> {
    const status = await this.queries.execute(new GetMeterStatus(request));
    if (!status.allowed) throw denial(request.kind, status.denial!);
    return status;
  }
}
