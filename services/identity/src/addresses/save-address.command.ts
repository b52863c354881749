import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { toShippingAddress, type Address as AddressView, type AddressInput } from '@tuerca/contracts';
import { ContextDatabase } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { Address } from './address.entity.js';
import { addressNotFound, tooManyAddresses } from './address-errors.js';
import { canAddAddress, isDefaultAfterSave, toAddressView } from './address.rules.js';

/** Saves a new address of a person (`id` absent) or changes one of theirs. */
export class SaveAddress extends Command<AddressView> {
  constructor(
    readonly userId: string,
    readonly input: AddressInput,
    readonly id?: string,
  ) {
    super();
  }
}

/**
 * Locks the person's row first, so two saves of the same person (two tabs, a double click) run one after the
 * other: the address limit and the single default hold without a retry.
 */
export async function lockPerson(em: EntityManager, userId: string): Promise<void> {
  const person = await em.findOne(User, { id: userId, active: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!person) throw addressNotFound();
}

/** Makes `keep` the only default of the person (the others first, so the one-default index never sees two). */
export async function clearOtherDefaults(em: EntityManager, userId: string, keep: string): Promise<void> {
  await em.nativeUpdate(Address, { user: userId, isDefault: true, id: { $ne: keep } }, { isDefault: false });
}

@CommandHandler(SaveAddress)
export class SaveAddressHandler implements ICommandHandler<SaveAddress> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ userId, input, id }: SaveAddress): Promise<AddressView> {
    return this.db.transactional(async (em) => {
      await lockPerson(em, userId);
      const fields = toShippingAddress(input);
      const existing = id ? await em.findOne(Address, { id, user: userId }) : null;
      if (id && !existing) throw addressNotFound();
      const others = await em.count(Address, id ? { user: userId, id: { $ne: id } } : { user: userId });
      if (!existing && !canAddAddress(others)) throw tooManyAddresses();
      const isDefault = isDefaultAfterSave(input, { otherAddresses: others, wasDefault: existing?.isDefault ?? false });
      const address =
        existing ??
        em.create(Address, { id: randomUUID(), user: userId, ...fields, isDefault: false, createdAt: new Date(), updatedAt: new Date() });
      if (isDefault) await clearOtherDefaults(em, userId, address.id);
      em.assign(address, { ...fields, isDefault, updatedAt: new Date() });
      await em.flush();
      return toAddressView(address);
    });
  }
}
