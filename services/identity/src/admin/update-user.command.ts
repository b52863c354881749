import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { UserUpdated, t, type Actor, type AdminUser, type AdminUserUpdate } from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, ValidationError, recordEvent } from '@tuerca/platform';
import { User } from '../users/user.entity.js';
import { locksOutSelf } from '../users/user.rules.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { toAdminUser } from './admin-user-view.js';

export class UpdateUser extends Command<AdminUser> {
  constructor(
    readonly id: string,
    readonly changes: AdminUserUpdate,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** Roles, flags, store, sign-up state and active; an operator cannot lock themselves out. */
@CommandHandler(UpdateUser)
export class UpdateUserHandler implements ICommandHandler<UpdateUser> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ id, changes, actor }: UpdateUser): Promise<AdminUser> {
    const user = await this.db.transactional(async (em) => {
      const u = await em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!u) throw new NotFoundError();
      const roles = changes.roles ? [...new Set(changes.roles)] : u.roles;
      const active = changes.active ?? u.active;
      if (locksOutSelf(actor.id, id, { roles, active })) throw new ValidationError([t('adminConsole.cannotChangeOwnAccess')]);
      if (changes.name !== undefined) u.name = changes.name;
      if (changes.mobile !== undefined) u.mobile = changes.mobile;
      if (changes.country !== undefined) u.country = changes.country;
      if (changes.downloadPartsCatalog !== undefined) u.downloadPartsCatalog = changes.downloadPartsCatalog;
      if (changes.signUpCompleted !== undefined) u.signUpCompleted = changes.signUpCompleted;
      if (changes.storeId !== undefined) u.storeId = changes.storeId;
      u.roles = roles;
      u.active = active;
      u.updatedAt = new Date();
      recordEvent(
        em,
        UserUpdated,
        { userId: id, roles: u.roles, downloadPartsCatalog: u.downloadPartsCatalog, storeId: u.storeId ?? null, active: u.active },
        { aggregateId: id, actor },
      );
      await em.flush();
      return u;
    });
    // Sessions of this person pick up the new roles and flags at once (and end if the account was deactivated).
    await this.sessions.personChanged(id);
    return toAdminUser(user);
  }
}
