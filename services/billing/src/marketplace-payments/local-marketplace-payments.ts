import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { MarketplacePayment, MarketplacePaymentRequest, MarketplacePayments } from '@tuerca/contracts';
import { RequestMarketplacePayment } from './request-marketplace-payment.command.js';

/** Billing's MarketplacePayments port in memory, for a marketplace running in billing's process (LocalPorts). */
@Injectable()
export class LocalMarketplacePayments implements MarketplacePayments {
  constructor(private readonly commands: CommandBus) {}

  request(input: MarketplacePaymentRequest): Promise<MarketplacePayment> {
    return this.commands.execute(new RequestMarketplacePayment(input));
  }
}
