import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Address as AddressView } from '@tuerca/contracts';
import { ContextDatabase } from '@tuerca/platform';
import { Address } from './address.entity.js';
import { addressNotFound } from './address-errors.js';
import { nextDefault, toAddressView } from './address.rules.js';
import { lockPerson } from './save-address.command.js';

/**
 * Deletes one of a person's addresses. Purchases keep their own snapshot of the address they were sent to,
 * so nothing a purchase shows is lost.
 */
export class RemoveAddress extends Command<AddressView> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveAddress)
export class RemoveAddressHandler implements ICommandHandler<RemoveAddress> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ userId, id }: RemoveAddress): Promise<AddressView> {
    return this.db.transactional(async (em) => {
      await lockPerson(em, userId);
      const address = await em.findOne(Address, { id, user: userId });
      if (!address) throw addressNotFound();
      const view = toAddressView(address);
      em.remove(address);
      await em.flush();
      if (view.isDefault) {
        const successor = nextDefault(await em.find(Address, { user: userId }));
        if (successor) {
          successor.isDefault = true;
          await em.flush();
        }
      }
      return view;
    });
  }
}
