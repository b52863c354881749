import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { adminListQuerySchema, type AdminListQuery } from '@tuerca/contracts';
import { Access, AdminRange, CurrentVisitor, MethodNotAllowedError, actorOf, parseInput, zod, type Visitor } from '@tuerca/platform';
import { t } from '@tuerca/contracts';
import { AdminUsersService } from './admin-users.service.js';
import {
  ADMIN_USERS_ACCESS,
  adminUserCreateSchema,
  adminUserFilterSchema,
  adminUserIdParamsSchema,
  adminUserUpdateSchema,
} from './admin-users.routes.js';

/** /admin-api/users: the operator console's accounts, in ra-data-simple-rest's dialect. */
@Controller('admin-api/users')
@Access(ADMIN_USERS_ACCESS)
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const filter = parseInput(adminUserFilterSchema, query.filter);
    const { rows, total, start } = await this.users.list(filter, query);
    return new AdminRange('users', rows, start, total);
  }

  @Get(':id')
  async one(@Param(zod(adminUserIdParamsSchema)) p: { id: string }) {
    return this.users.get(p.id);
  }

  @Post()
  async create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    return this.users.create(parseInput(adminUserCreateSchema, raw ?? {}), actorOf(visitor));
  }

  @Put(':id')
  async update(@Param(zod(adminUserIdParamsSchema)) p: { id: string }, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    return this.users.update(p.id, parseInput(adminUserUpdateSchema, raw ?? {}), actorOf(visitor));
  }

  @Delete(':id')
  remove(@Param(zod(adminUserIdParamsSchema)) _p: { id: string }) {
    throw new MethodNotAllowedError(t('adminConsole.cannotDeleteUsers'));
  }
}
