import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { marketplacePaymentsRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, Input, ok, InternalOnlyGuard } from '@tuerca/platform';
import { RequestMarketplacePayment } from './request-marketplace-payment.command.js';

/** The MarketplacePayments port over HTTP, for a marketplace running in another process. */
@Controller()
@UseGuards(InternalOnlyGuard)
export class InternalMarketplacePaymentsController {
  constructor(private readonly commands: CommandBus) {}

  @Bind(routes.request)
  async request(@Input() { body }: RouteInput<typeof routes.request>) {
    return ok(await this.commands.execute(new RequestMarketplacePayment(body)));
  }
}
