import { Controller, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { mercadoLibreRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, ok, type Visitor } from '@tuerca/platform';
import { storeScope } from '../listings/store-scope.js';
import { CompleteMlAuthorization, DisconnectMl, StartMlAuthorization } from './connect-mercadolibre.command.js';
import { GetMlConnection, GetMlIndicators } from './ml-indicators.query.js';
import { ChangeStateInMl, PublishInMl, ReceiveMlNotification } from './publish-in-ml.command.js';

/** The person, when they work for the store (a plan they bought is the store's); not an operator acting for it. */
const memberOf = (v: Visitor, storeId: string): string | undefined => (v.user?.storeId === storeId ? v.user.id : undefined);

/** A store's MercadoLibre account and listings; the spec's indicatorsForProductsInML and changeStateInML. */
@Controller()
export class MercadoLibreController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.authorize)
  async authorize(@Input() { query }: RouteInput<typeof routes.authorize>, @CurrentVisitor() v: Visitor) {
    return ok(await this.commands.execute(new StartMlAuthorization(storeScope(v.user!, query.store_id))));
  }

  @Bind(routes.callback)
  async callback(@Input() { query }: RouteInput<typeof routes.callback>, @Res() reply: FastifyReply) {
    void reply.redirect(await this.commands.execute(new CompleteMlAuthorization(query)), 303);
  }

  @Bind(routes.connection)
  async connection(@Input() { query }: RouteInput<typeof routes.connection>, @CurrentVisitor() v: Visitor) {
    return ok(await this.queries.execute(new GetMlConnection(storeScope(v.user!, query.store_id))));
  }

  @Bind(routes.disconnect)
  async disconnect(@Input() { query }: RouteInput<typeof routes.disconnect>, @CurrentVisitor() v: Visitor) {
    const view = await this.commands.execute(new DisconnectMl(storeScope(v.user!, query.store_id)));
    return ok(view, { message: t('integrations.ml.disconnected') });
  }

  @Bind(routes.publish)
  async publish(@Input() { body }: RouteInput<typeof routes.publish>, @CurrentVisitor() v: Visitor) {
    const storeId = storeScope(v.user!, body.store_id);
    const result = await this.commands.execute(new PublishInMl(storeId, body.product_ids, memberOf(v, storeId)));
    return ok(result, { message: t('integrations.ml.publishQueued', { count: result.queued }) });
  }

  @Bind(routes.notifications)
  async notifications(@Input() { body }: RouteInput<typeof routes.notifications>) {
    return ok(await this.commands.execute(new ReceiveMlNotification(body)));
  }

  @Bind(routes.indicators)
  async indicators(@Input() { query }: RouteInput<typeof routes.indicators>, @CurrentVisitor() v: Visitor) {
    const storeId = storeScope(v.user!, query.storeId);
    return ok(await this.queries.execute(new GetMlIndicators(storeId, memberOf(v, storeId))));
  }

  @Bind(routes.changeState)
  async changeState(@Input() { params, body }: RouteInput<typeof routes.changeState>, @CurrentVisitor() v: Visitor) {
    const scope = v.user!.roles.includes('operator') ? null : storeScope(v.user!, null);
    const view = await this.commands.execute(new ChangeStateInMl(scope, params.id, body.state));
    return ok(view, { message: t(body.state === 'paused' ? 'integrations.ml.paused' : 'integrations.ml.activated') });
  }
}
