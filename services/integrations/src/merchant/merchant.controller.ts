import { Controller, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { merchantRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, ok, type Visitor } from '@tuerca/platform';
import { storeScope } from '../listings/store-scope.js';
import { GetMerchantFeed, GetMerchantState, SetMerchantEnabled } from './merchant.commands.js';

/** A store's Google Merchant Center feed; the spec's deleteAllProductsOfGMC. */
@Controller()
export class MerchantController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.state)
  async state(@Input() { query }: RouteInput<typeof routes.state>, @CurrentVisitor() v: Visitor) {
    return ok(await this.queries.execute(new GetMerchantState(storeScope(v.user!, query.store_id))));
  }

  @Bind(routes.enable)
  async enable(@Input() { body }: RouteInput<typeof routes.enable>, @CurrentVisitor() v: Visitor) {
    const state = await this.commands.execute(new SetMerchantEnabled(storeScope(v.user!, body.store_id), true));
    return ok(state, { message: t('integrations.gmc.enabled') });
  }

  @Bind(routes.deleteAll)
  async deleteAll(@Input() { params }: RouteInput<typeof routes.deleteAll>, @CurrentVisitor() v: Visitor) {
    const state = await this.commands.execute(new SetMerchantEnabled(storeScope(v.user!, params.id), false));
    return ok(state, { message: t('integrations.gmc.withdrawn') });
  }

  @Bind(routes.feed)
  async feed(@Input() { params }: RouteInput<typeof routes.feed>, @Res({ passthrough: true }) reply: FastifyReply) {
    const xml = await this.queries.execute(new GetMerchantFeed(params.storeId));
    void reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300');
    return xml;
  }
}
