import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SupplierApproved } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { InviteSeller } from './invite-seller.command.js';

/** Consumer group `identity.supplier-approvals`: marketplace approved a supplier → the seller's account. */
@Injectable()
export class SupplierApprovalsConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'supplier-approvals',
      events: [SupplierApproved],
      handle: async (event, em) => {
        await this.commands.execute(new InviteSeller(event, em));
      },
    });
  }
}
