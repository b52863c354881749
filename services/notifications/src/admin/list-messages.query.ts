import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminListQuery, NotificationFilter, NotificationView } from '@tuerca/contracts';
import { ContextDatabase, containsAny, kysely, listPage, rangeWindow } from '@tuerca/platform';
import type { NotificationsDB } from '../notifications.database.js';
import { MESSAGE_COLUMNS, toNotificationView } from './message-view.js';

/** Fields the operator list may sort by (ra-data-simple-rest `sort`), each mapped to its column. */
const SORTABLE = {
  id: 'id',
  created_at: 'created_at',
  updated_at: 'updated_at',
  sent_at: 'sent_at',
  status: 'status',
  channel: 'channel',
  attempts: 'attempts',
  template: 'template',
  recipient: 'recipient',
  event_type: 'event_type',
};

export class ListMessages extends Query<{ rows: NotificationView[]; total: number; offset: number }> {
  constructor(
    readonly query: AdminListQuery,
    readonly filter: NotificationFilter,
  ) {
    super();
  }
}

/** The operator's list of messages: exact filters, free text over the texts and ids, any sort of the whitelist. */
@QueryHandler(ListMessages)
export class ListMessagesHandler implements IQueryHandler<ListMessages> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ query, filter }: ListMessages) {
    let q = kysely<NotificationsDB>(this.db.em()).selectFrom('Message').select(MESSAGE_COLUMNS);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.channel) q = q.where('channel', '=', filter.channel);
    if (filter.template) q = q.where('template', '=', filter.template);
    if (filter.event_type) q = q.where('eventType', '=', filter.event_type);
    if (filter.store_id) q = q.where('storeId', '=', filter.store_id);
    if (filter.user_id) q = q.where('userId', '=', filter.user_id);
    if (filter.quotation_id) q = q.where('quotationId', '=', filter.quotation_id);
    if (filter.id) q = q.where((eb) => eb(eb.cast('id', 'text'), 'in', filter.id!));
    if (filter.q) {
      const text = filter.q;
      q = q.where((eb) =>
        eb.or([
          containsAny(eb, ['recipient', 'text', 'template', 'event_type', 'last_error'], text),
          eb(eb.cast('id', 'text'), '=', text),
          eb('quotationId', '=', text),
          eb('storeId', '=', text),
          eb('userId', '=', text),
        ]),
      );
    }
    const page = await listPage(q, rangeWindow(query, filter.id), {
      sort: query.sort,
      spec: { sortable: SORTABLE, fallback: { field: 'created_at', order: 'DESC' } },
    });
    return { ...page, rows: page.rows.map(toNotificationView) };
  }
}
