import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { adminStoreScoreFilterSchema, ratingsRoutes, type RouteInput } from '@tuerca/contracts';
import { AdminRange, Bind, CurrentVisitor, Input, MethodNotAllowedError, actorOf, ok, parseInput, type Visitor } from '@tuerca/platform';
import { RateStore, ResendScore } from './ratings.commands.js';
import { GetAdminScore, GetScore, ListAdminScores, PendingScores } from './ratings.queries.js';

const routes = ratingsRoutes;
const admin = routes.admin;

/** Ratings of stores: the buyer's prompt and answer, the store's resendScore (spec 000 §7). */
@Controller()
export class RatingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.resendScore)
  async resendScore(@Input() { body }: RouteInput<typeof routes.resendScore>, @CurrentVisitor() visitor: Visitor) {
    const { view, message } = await this.commands.execute(new ResendScore(visitor, body.scoreId, actorOf(visitor)));
    return ok(view, { message });
  }

  @Bind(routes.pending)
  async pending(@CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new PendingScores(visitor.user!)));
  }

  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetScore(visitor.user!, params.scoreId)));
  }

  @Bind(routes.rate)
  async rate(@Input() { params, body }: RouteInput<typeof routes.rate>, @CurrentVisitor() visitor: Visitor) {
    const { view, message } = await this.commands.execute(new RateStore(visitor.user!, params.scoreId, body, actorOf(visitor)));
    return ok(view, { message });
  }
}

/** /admin-api/store-ratings: read-only (a rating is the buyer's word). */
@Controller()
export class AdminStoreRatingsController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(admin.list)
  async list(@Input() { query }: RouteInput<typeof admin.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminStoreScoreFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminScores(visitor, query, filter));
    return new AdminRange('store-ratings', rows, offset, total);
  }

  @Bind(admin.one)
  one(@Input() { params }: RouteInput<typeof admin.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetAdminScore(visitor, params.id));
  }

  @Bind(admin.create)
  create() {
    throw new MethodNotAllowedError();
  }

  @Bind(admin.update)
  update() {
    throw new MethodNotAllowedError();
  }

  @Bind(admin.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}
