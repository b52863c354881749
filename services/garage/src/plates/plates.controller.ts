import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { garagePlatesRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, type Visitor } from '@tuerca/platform';
import { GetCaptchaChallenge } from './get-captcha-challenge.query.js';
import { LookupPlate } from './lookup-plate.command.js';

/** The plate lookup (spec 001 §4, §5, §7, §8) and the challenge of its human check. */
@Controller()
export class PlatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The bare challenge, not enveloped: the ALTCHA widget reads it from its challenge URL as is. */
  @Bind(routes.captchaChallenge)
  challenge() {
    return this.queries.execute(new GetCaptchaChallenge());
  }

  @Bind(routes.premium)
  premium(@Input() { query }: RouteInput<typeof routes.premium>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new LookupPlate(visitor, query, 'premium'));
  }

  @Bind(routes.free)
  free(@Input() { query }: RouteInput<typeof routes.free>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new LookupPlate(visitor, { ...query, allowFreeSearches: '0' }, 'free'));
  }
}
