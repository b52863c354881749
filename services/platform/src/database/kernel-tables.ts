import { Migration } from '@mikro-orm/migrations';

/**
 * Tables the kernel keeps in every context's own schema: the outbox (events written with the change),
 * processed events (idempotent consumers), consumer offsets (postgres transport) and dead letters.
 * `search_path` is set to the context's schema by the migrator, so names are unqualified.
 */
export class Migration000KernelTables extends Migration {
  override name = 'Migration000KernelTables';

  override up(): void {
    this.addSql(`
      create table if not exists outbox_events (
        id bigserial primary key,
        event_id uuid not null unique,
        type text not null,
        version int not null,
        topic text not null,
        aggregate_id text not null,
        envelope jsonb not null,
        created_at timestamptz not null default now(),
        published_at timestamptz
      )`);
    this.addSql(`create index if not exists outbox_events_unpublished on outbox_events (id) where published_at is null`);
    this.addSql(`
      create table if not exists processed_events (
        consumer_group text not null,
        event_id uuid not null,
        processed_at timestamptz not null default now(),
        primary key (consumer_group, event_id)
      )`);
    this.addSql(`
      create table if not exists consumer_offsets (
        consumer_group text primary key,
        position bigint not null default 0,
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table if not exists dead_letters (
        id bigserial primary key,
        consumer_group text not null,
        event_id uuid not null,
        type text not null,
        envelope jsonb not null,
        error text not null,
        attempts int not null,
        failed_at timestamptz not null default now(),
        resolved_at timestamptz,
        unique (consumer_group, event_id)
      )`);
    // Wakes the relay at commit instead of waiting for its next poll.
    this.addSql(`
      create or replace function notify_outbox() returns trigger language plpgsql as $$
      begin
        perform pg_notify('tuerca_outbox', tg_table_schema);
        return null;
      end $$`);
    this.addSql(`drop trigger if exists outbox_events_notify on outbox_events`);
    this.addSql(`create trigger outbox_events_notify after insert on outbox_events for each statement execute function notify_outbox()`);
  }
}

/**
 * Dead letters an operator can replay (the request is a row the worker acts on, so a replay survives a
 * restart and is done once), events keyed by name and version, and the indexes retention prunes by.
 */
export class Migration001KernelOperations extends Migration {
  override name = 'Migration001KernelOperations';

  override up(): void {
    this.addSql(`alter table dead_letters add column if not exists version int not null default 1`);
    this.addSql(`alter table dead_letters add column if not exists replay_requested_at timestamptz`);
    this.addSql(`alter table dead_letters add column if not exists replays int not null default 0`);
    this.addSql(`alter table dead_letters add column if not exists last_replayed_at timestamptz`);
    this.addSql(`create index if not exists dead_letters_open on dead_letters (consumer_group, id) where resolved_at is null`);
    this.addSql(`create index if not exists outbox_events_published on outbox_events (published_at) where published_at is not null`);
    this.addSql(`create index if not exists processed_events_processed_at on processed_events (processed_at)`);
  }
}

/** Every kernel migration of a context's schema, in order. */
export const KERNEL_MIGRATIONS = [Migration000KernelTables, Migration001KernelOperations];

/**
 * The postgres transport's ordered log, shared by all contexts (it plays the broker's part):
 * the relay gives each event a gap-free `position` under the head row's lock, so positions become
 * visible in order and a consumer reading `position > offset` never skips one.
 */
export class Migration000EventLog extends Migration {
  override name = 'Migration000EventLog';

  override up(): void {
    this.addSql(`
      create table if not exists event_log (
        position bigint primary key,
        event_id uuid not null unique,
        type text not null,
        topic text not null,
        aggregate_id text not null,
        envelope jsonb not null,
        appended_at timestamptz not null default now()
      )`);
    this.addSql(`create index if not exists event_log_type_position on event_log (type, position)`);
    this.addSql(`create table if not exists event_log_head (id int primary key check (id = 1), position bigint not null)`);
    this.addSql(`insert into event_log_head (id, position) values (1, 0) on conflict do nothing`);
  }
}

/** Events in the log are keyed by name and version (consumers read only the versions they subscribed to). */
export class Migration001EventLogVersion extends Migration {
  override name = 'Migration001EventLogVersion';

  override up(): void {
    this.addSql(`alter table event_log add column if not exists version int`);
    this.addSql(`update event_log set version = coalesce((envelope->>'version')::int, 1) where version is null`);
    this.addSql(`alter table event_log alter column version set not null`);
    // Retention prunes by age, never past the slowest group's position.
    this.addSql(`create index if not exists event_log_appended_at on event_log (appended_at)`);
  }
}

export const EVENT_LOG_MIGRATIONS = [Migration000EventLog, Migration001EventLogVersion];
