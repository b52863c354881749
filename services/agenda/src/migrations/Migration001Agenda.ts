import { Migration } from '@mikro-orm/migrations';

export class Migration001Agenda extends Migration {
  override name = 'Migration001Agenda';

  override up(): void {
    // A person's activities (spec 001 §3 "Activity") with their reminder: the row is the duty, the BullMQ job its alarm.
    this.addSql(`
      create table activities (
        id uuid primary key,
        user_id text not null,
        name text not null,
        -- The spec's wall clock 'YYYY-MM-DD HH:mm:ss', read in time_zone; sorts and compares as text.
        date text not null,
        time_zone text not null,
        starts_at timestamptz not null,
        description text not null,
        state smallint not null default 0,
        url text,
        reminder_minutes int,
        remind_at timestamptz,
        reminded_at timestamptz,
        -- The person's contacts when they last saved it: where the reminder goes.
        email text,
        mobile text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    // The person's agenda by date (the list's order and its date filter).
    this.addSql(`create index activities_user_date on activities (user_id, date, id)`);
    // The reminder sweep's work list: pending activities whose reminder has not gone out.
    this.addSql(
      `create index activities_reminders_pending on activities (remind_at) where reminded_at is null and remind_at is not null and state = 0`,
    );
  }
}
