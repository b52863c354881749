import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  adminQuoteRequestFilterSchema,
  quoteRequestsAdmin as admin,
  quoteRequestsRoutes as routes,
  t,
  type RouteInput,
} from '@tuerca/contracts';
import {
  AdminRange,
  Bind,
  CurrentVisitor,
  Input,
  MethodNotAllowedError,
  Page,
  actorOf,
  ok,
  parseInput,
  type Visitor,
} from '@tuerca/platform';
import { SendQuoteRequest } from './send-quote-request.command.js';
import { AnswerQuoteRequest } from './answer-quote-request.command.js';
import { GetAdminQuoteRequest, GetMyQuoteRequest, ListAdminQuoteRequests, ListMyQuoteRequests } from './quote-request.queries.js';

/** The quotation request page's calls, and the sellers' side of it in the operator console. */
@Controller()
export class QuoteRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    const receipt = await this.commands.execute(new SendQuoteRequest(visitor, body, actorOf(visitor)));
    return ok(receipt, { message: t('quoteRequests.sent', { count: receipt.sellers }) });
  }

  @Bind(routes.mine)
  async mine(@Input() { query }: RouteInput<typeof routes.mine>, @CurrentVisitor() visitor: Visitor) {
    const { rows, total } = await this.queries.execute(new ListMyQuoteRequests(visitor.user!.id, query));
    return new Page(rows, total, query);
  }

  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetMyQuoteRequest(visitor.user!.id, params.id)));
  }

  @Bind(admin.list)
  async list(@Input() { query }: RouteInput<typeof admin.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminQuoteRequestFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminQuoteRequests(visitor, query, filter));
    return new AdminRange('quote-requests', rows, offset, total);
  }

  @Bind(admin.one)
  adminOne(@Input() { params }: RouteInput<typeof admin.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetAdminQuoteRequest(visitor, params.id));
  }

  @Bind(admin.create)
  adminCreate() {
    throw new MethodNotAllowedError();
  }

  @Bind(admin.update)
  async answer(@Input() { params, body }: RouteInput<typeof admin.update>, @CurrentVisitor() visitor: Visitor) {
    await this.commands.execute(new AnswerQuoteRequest(visitor, params.id, body, actorOf(visitor)));
    return this.queries.execute(new GetAdminQuoteRequest(visitor, params.id));
  }

  @Bind(admin.remove)
  adminRemove() {
    throw new MethodNotAllowedError();
  }
}
