import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { defaultValidityDays, type PlanTab } from '@tuerca/contracts';
import { AppParametersService } from '../parameters/app-parameters.service.js';
import { allTabs } from './charging-plan.rules.js';

/** The ten plan types with their Spanish labels and default validity (000 §3 "Charging plan tab"). */
export class GetTransactionTypes extends Query<(PlanTab & { validityDays: number })[]> {}

@QueryHandler(GetTransactionTypes)
export class GetTransactionTypesHandler implements IQueryHandler<GetTransactionTypes> {
  async execute() {
    return allTabs().map((tab) => ({ ...tab, validityDays: defaultValidityDays(tab.key) }));
  }
}

/** spec 001 §7: the free publications of the marketplace subscription, an app parameter. */
export class GetFreePublications extends Query<{ amount: number }> {}

@QueryHandler(GetFreePublications)
export class GetFreePublicationsHandler implements IQueryHandler<GetFreePublications> {
  constructor(private readonly parameters: AppParametersService) {}

  async execute() {
    return { amount: (await this.parameters.all()).freePublicationsInML };
  }
}
