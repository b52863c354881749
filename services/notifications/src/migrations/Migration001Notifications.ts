import { Migration } from '@mikro-orm/migrations';

export class Migration001Notifications extends Migration {
  override name = 'Migration001Notifications';

  override up(): void {
    // The outbox of messages to people: one row per (event, channel), queued then sent, failed or skipped.
    this.addSql(`
      create table messages (
        id uuid primary key,
        channel text not null check (channel in ('whatsapp', 'email')),
        recipient text,
        template text not null,
        text text not null,
        status text not null check (status in ('queued', 'sent', 'failed', 'skipped')),
        attempts int not null default 0,
        last_error text,
        event_id uuid not null,
        event_type text not null,
        store_id text,
        user_id text,
        quotation_id text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        sent_at timestamptz,
        -- When the delivery job was handed to BullMQ; null while a queued message still has to be dispatched.
        dispatched_at timestamptz
      )`);
    this.addSql(`create unique index messages_event_channel on messages (event_id, channel)`);
    // Admin filters (status, channel) and the default sort (newest first).
    this.addSql(`create index messages_created on messages (created_at desc, id)`);
    this.addSql(`create index messages_status_created on messages (status, created_at desc)`);
    this.addSql(`create index messages_channel_created on messages (channel, created_at desc)`);
    this.addSql(`create index messages_store on messages (store_id) where store_id is not null`);
    this.addSql(`create index messages_user on messages (user_id) where user_id is not null`);
    this.addSql(`create index messages_quotation on messages (quotation_id) where quotation_id is not null`);
    // The dispatcher's work list: queued messages not yet handed to BullMQ.
    this.addSql(`create index messages_to_dispatch on messages (created_at) where status = 'queued' and dispatched_at is null`);
  }
}
