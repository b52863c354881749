import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { activitiesRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, Page, actorOf, ok, type Visitor } from '@tuerca/platform';
import { GetActivity } from './get-activity.query.js';
import { ListActivities } from './list-activities.query.js';
import { RemoveActivity } from './remove-activity.command.js';
import { SaveActivity, type AgendaPerson } from './save-activity.command.js';

const personOf = (visitor: Visitor): AgendaPerson => {
  const u = visitor.user!;
  return { id: u.id, email: u.email, mobile: u.mobile, country: u.country };
};

/** /api/users/activitiesAgenda (spec 001 §7): the logged-in person's activities, and nobody else's. */
@Controller()
export class ActivitiesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const { rows, total } = await this.queries.execute(new ListActivities(visitor.user!.id, query.filter, query));
    return new Page(rows, total, query);
  }

  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    const saved = await this.commands.execute(new SaveActivity(personOf(visitor), actorOf(visitor), body));
    return ok(saved, { message: t('agenda.scheduled') });
  }

  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetActivity(visitor.user!.id, params.id)));
  }

  @Bind(routes.update)
  async update(@Input() { params, body }: RouteInput<typeof routes.update>, @CurrentVisitor() visitor: Visitor) {
    const saved = await this.commands.execute(new SaveActivity(personOf(visitor), actorOf(visitor), body, params.id));
    return ok(saved, { message: t('agenda.updated') });
  }

  @Bind(routes.remove)
  async remove(@Input() { params }: RouteInput<typeof routes.remove>, @CurrentVisitor() visitor: Visitor) {
    const removed = await this.commands.execute(new RemoveActivity(visitor.user!.id, params.id));
    return ok(removed, { message: t('agenda.deleted') });
  }
}
