import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { NotificationView } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { NotificationsDB } from '../notifications.database.js';
import { MESSAGE_COLUMNS, assertMessageId, notificationNotFound, toNotificationView } from './message-view.js';

export class GetMessage extends Query<NotificationView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetMessage)
export class GetMessageHandler implements IQueryHandler<GetMessage> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ id }: GetMessage): Promise<NotificationView> {
    assertMessageId(id);
    const row = await kysely<NotificationsDB>(this.db.em())
      .selectFrom('Message')
      .select(MESSAGE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notificationNotFound();
    return toNotificationView(row);
  }
}
