import { Migration } from '@mikro-orm/migrations';

/** Indexes for the operator console's account list (/admin-api/users): newest first, by role. */
export class Migration002AdminConsole extends Migration {
  override name = 'Migration002AdminConsole';

  override up(): void {
    this.addSql(`create index users_created_at on users (created_at desc, id desc)`);
    this.addSql(`create index users_roles on users using gin (roles)`);
  }

  override down(): void {
    this.addSql(`drop index if exists users_roles`);
    this.addSql(`drop index if exists users_created_at`);
  }
}
