import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { deadLetterFilterSchema, deadLettersRoutes, type RouteInput } from '@tuerca/contracts';
import { Bind, Input } from '../http/bind.js';
import { AdminRange } from '../http/envelope.js';
import { parseInput } from '../http/zod.js';
import { GetDeadLetter, ListDeadLetters, ReplayConsumerGroup, ReplayDeadLetter } from './dead-letters.handlers.js';

const routes = deadLettersRoutes;

/** The operator console's `dead-letters` resource (ra-data-simple-rest's dialect), served by every process. */
@Controller()
export class DeadLettersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>) {
    const filter = parseInput(deadLetterFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListDeadLetters(query, filter));
    return new AdminRange('dead-letters', rows, offset, total);
  }

  @Bind(routes.one)
  one(@Input() { params }: RouteInput<typeof routes.one>) {
    return this.queries.execute(new GetDeadLetter(params.id));
  }

  @Bind(routes.replay)
  replay(@Input() { params }: RouteInput<typeof routes.replay>) {
    return this.commands.execute(new ReplayDeadLetter(params.id));
  }

  @Bind(routes.replayGroup)
  replayGroup(@Input() { body }: RouteInput<typeof routes.replayGroup>) {
    return this.commands.execute(new ReplayConsumerGroup(body.consumer_group));
  }
}
