import { Injectable } from '@nestjs/common';
import { t, type AdminListQuery } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, ValidationError } from '@tuerca/platform';
import type { NotificationFilter, NotificationView } from './notifications.routes.js';

/** Fields the operator list may sort by (ra-data-simple-rest `sort`), each a column of `messages`. */
const SORTABLE = new Set([
  'id',
  'created_at',
  'updated_at',
  'sent_at',
  'status',
  'channel',
  'attempts',
  'template',
  'recipient',
  'event_type',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Stamp = Date | string;
type Row = Omit<NotificationView, 'created_at' | 'updated_at' | 'sent_at' | 'dispatched_at'> & {
  created_at: Stamp;
  updated_at: Stamp;
  sent_at: Stamp | null;
  dispatched_at: Stamp | null;
};

const iso = (v: Stamp) => new Date(v).toISOString();

const view = (r: Row): NotificationView => ({
  ...r,
  attempts: Number(r.attempts),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  sent_at: r.sent_at === null ? null : iso(r.sent_at),
  dispatched_at: r.dispatched_at === null ? null : iso(r.dispatched_at),
});

const pgArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');

export const notificationNotFound = () => new NotFoundError(t('notifications.messageNotFound'));

/** The operator's view of the messages: list, one, and re-queueing a failed one. */
@Injectable()
export class NotificationsReader {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async list(query: AdminListQuery, filter: NotificationFilter): Promise<{ rows: NotificationView[]; total: number; start: number }> {
    const { field, order } = query.sort ?? { field: 'created_at', order: 'DESC' as const };
    if (!SORTABLE.has(field)) {
      const message = t('validation.invalidValue');
      throw new ValidationError([message], [{ path: 'sort', message }]);
    }
    const where: string[] = [];
    const params: unknown[] = [];
    for (const column of ['status', 'channel', 'template', 'event_type', 'store_id', 'user_id', 'quotation_id'] as const) {
      const value = filter[column];
      if (value !== undefined && value !== '') {
        where.push(`${column} = ?`);
        params.push(value);
      }
    }
    if (filter.id) {
      where.push(`id::text = any(?::text[])`);
      params.push(pgArray(filter.id));
    }
    if (filter.q) {
      const like = `%${likeEscape(filter.q)}%`;
      where.push(
        `(recipient ilike ? or text ilike ? or template ilike ? or event_type ilike ? or last_error ilike ?
          or id::text = ? or quotation_id = ? or store_id = ? or user_id = ?)`,
      );
      params.push(like, like, like, like, like, filter.q, filter.q, filter.q, filter.q);
    }
    const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const direction = order === 'DESC' ? 'desc' : 'asc';
    const orderSql = field === 'id' ? `id ${direction}` : `${field} ${direction} nulls last, id ${direction}`;
    const start = filter.id ? 0 : query.range.start;
    const limit = filter.id ? Math.max(filter.id.length, 1) : query.range.end - query.range.start + 1;
    const em = this.db.em();
    const [rows, count] = await Promise.all([
      em.execute<Row[]>(`select * from messages ${whereSql} order by ${orderSql} limit ? offset ?`, [...params, limit, start]),
      em.execute<{ n: string }[]>(`select count(*) as n from messages ${whereSql}`, params),
    ]);
    return { rows: rows.map(view), total: Number(count[0]!.n), start };
  }

  async byId(id: string): Promise<NotificationView> {
    if (!UUID.test(id)) throw notificationNotFound();
    const [row] = await this.db.em().execute<Row[]>(`select * from messages where id = ?`, [id]);
    if (!row) throw notificationNotFound();
    return view(row);
  }

  /**
   * A failed message goes back to 'queued' (its attempts and last error stay as history); the dispatcher
   * hands it to BullMQ again, with a fresh set of attempts. Anything but 'failed' is a 409.
   */
  async retry(id: string): Promise<NotificationView> {
    if (!UUID.test(id)) throw notificationNotFound();
    const now = this.clock.now();
    const [row] = await this.db
      .em()
      .execute<Row[]>(
        `update messages set status = 'queued', dispatched_at = null, updated_at = ? where id = ? and status = 'failed' returning *`,
        [now, id],
      );
    if (row) return view(row);
    await this.byId(id); // 404 when it does not exist
    throw new DomainError(409, 'Not retryable', [t('notifications.onlyFailedRetry')]);
  }
}
