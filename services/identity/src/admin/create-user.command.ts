import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ErrorCodes, UserRegistered, t, type Actor, type AdminUser, type AdminUserCreate } from '@tuerca/contracts';
import { ContextDatabase, DomainError, recordEvent } from '@tuerca/platform';
import { hashPassword } from '../auth/password.js';
import { assertStrongPassword } from '../auth/password-policy.js';
import { User } from '../users/user.entity.js';
import { isSignUpComplete } from '../users/user.rules.js';
import { toAdminUser } from './admin-user-view.js';

export class CreateUser extends Command<AdminUser> {
  constructor(
    readonly input: AdminUserCreate,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** An operator opens an account with its roles (an adviser, a store's admin, ...). */
@CommandHandler(CreateUser)
export class CreateUserHandler implements ICommandHandler<CreateUser> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ input, actor }: CreateUser): Promise<AdminUser> {
    assertStrongPassword(input.password, [input.name, input.email]);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transactional(async (em) => {
        const now = new Date();
        const user = em.create(User, {
          id: randomUUID(),
          email: input.email,
          passwordHash,
          name: input.name,
          mobile: input.mobile ?? null,
          roles: [...new Set(input.roles)],
          downloadPartsCatalog: input.downloadPartsCatalog,
          signUpCompleted: isSignUpComplete({ name: input.name, mobile: input.mobile ?? null }),
          country: input.country,
          storeId: input.storeId ?? null,
          active: true,
          createdAt: now,
          updatedAt: now,
          lastLoginAt: null,
        });
        recordEvent(
          em,
          UserRegistered,
          {
            userId: user.id,
            email: user.email,
            mobile: user.mobile ?? null,
            roles: user.roles,
            signUpCompleted: user.signUpCompleted,
            guestId: null,
          },
          { aggregateId: user.id, actor },
        );
        await em.flush();
        return toAdminUser(user);
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException)
        throw new DomainError(409, ErrorCodes.EMAIL_ALREADY_REGISTERED, [t('auth.emailAlreadyRegistered')]);
      throw err;
    }
  }
}
