import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@tuerca/contracts';
import { ForbiddenError, LoginRequiredError } from './domain-error.js';

export type AccessRule = 'public' | 'user' | readonly Role[];
const ACCESS_KEY = 'tuerca:access';

/** Who may call a handler: 'public' (guests too, the default), 'user' (logged in), or any of some roles. */
export const Access = (rule: AccessRule) => SetMetadata(ACCESS_KEY, rule);

export function checkAccess(rule: AccessRule, visitor: FastifyRequest['visitor'] | undefined): void {
  if (rule === 'public') return;
  if (!visitor?.user) throw new LoginRequiredError(401);
  if (rule === 'user') return;
  if (!visitor.user.roles.some((r) => rule.includes(r))) throw new ForbiddenError();
}

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule =
      this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? 'public';
    checkAccess(rule, context.switchToHttp().getRequest<FastifyRequest>().visitor);
    return true;
  }
}
