import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { adminListQuerySchema, type AdminListQuery } from '@tuerca/contracts';
import { Access, AdminRange, parseInput, zod } from '@tuerca/platform';
import { NotificationsReader } from './notifications.reader.js';
import { notificationFilterSchema } from './notifications.routes.js';

/** The operator console's `notifications` resource, in ra-data-simple-rest's dialect (bare JSON, Content-Range). */
@Controller('admin-api/notifications')
@Access(['operator'])
export class NotificationsAdminController {
  constructor(private readonly reader: NotificationsReader) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery) {
    const filter = parseInput(notificationFilterSchema, query.filter);
    const { rows, total, start } = await this.reader.list(query, filter);
    return new AdminRange('notifications', rows, start, total);
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    return this.reader.byId(id);
  }

  @Post(':id/retry')
  @HttpCode(200)
  async retry(@Param('id') id: string) {
    return this.reader.retry(id);
  }
}
