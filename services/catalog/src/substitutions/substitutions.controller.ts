import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { catalogLookupRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, type Visitor } from '@tuerca/platform';
import { GetManySubstitutions, GetSubstitutions } from './get-substitutions.command.js';

/** Substitutions (spec 000 §7, 001 §7): metered lookups of cross-references. */
@Controller()
export class SubstitutionsController {
  constructor(private readonly commands: CommandBus) {}

  @Bind(routes.getSubstitutions)
  getSubstitutions(@Input() { query }: RouteInput<typeof routes.getSubstitutions>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new GetSubstitutions(visitor, query.reference));
  }

  @Bind(routes.getManySubstitutions)
  getManySubstitutions(@Input() { query }: RouteInput<typeof routes.getManySubstitutions>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new GetManySubstitutions(visitor, query));
  }
}
