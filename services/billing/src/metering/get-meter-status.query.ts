import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MeterRequest, MeterStatus } from '@tuerca/contracts';
import { Clock, ContextDatabase } from '@tuerca/platform';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { readSnapshot } from './meter-snapshot.js';
import { pooled } from './metering-statements.js';
import { decisionOf, statusOf } from './metering.rules.js';

/** What a person may see now: counters, balances, prompts (for the consoles). Never denies. */
export class GetMeterStatus extends Query<MeterStatus> {
  constructor(readonly request: MeterRequest) {
    super();
  }
}

@QueryHandler(GetMeterStatus)
export class GetMeterStatusHandler implements IQueryHandler<GetMeterStatus> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly parameters: AppParametersService,
    private readonly clock: Clock,
  ) {}

  async execute({ request }: GetMeterStatus): Promise<MeterStatus> {
    const [params, snapshot] = await Promise.all([this.parameters.all(), readSnapshot(pooled(this.db), request, this.clock.now())]);
    return statusOf(request, snapshot, decisionOf(request, snapshot, params));
  }
}
