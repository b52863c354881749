import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { UserLoggedIn, type PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, ContextRegistry } from '@tuerca/platform';
import { JoinGuestCart } from './join-guest-cart.command.js';

/** The consumer group `marketplace.guest-cart`: at login, the guest's cart joins the account's. */
@Injectable()
export class GuestCartConsumer implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly registry: ContextRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.registry.addSubscription({
      db: this.db,
      group: 'guest-cart',
      events: [UserLoggedIn],
      handle: async (event, em) => {
        const p = event.payload as PayloadOf<typeof UserLoggedIn>;
        if (p.guestId) await this.commands.execute(new JoinGuestCart(p.userId, p.guestId, em));
      },
    });
  }
}
