import type { Provider, Type } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

// The operator console's /admin-api/users: controllers and providers, added to IdentityModule.
export const ADMIN_CONTROLLERS: Type<unknown>[] = [AdminUsersController];
export const ADMIN_PROVIDERS: Provider[] = [AdminUsersService];
export { adminUsersRoutes } from './admin-users.routes.js';
