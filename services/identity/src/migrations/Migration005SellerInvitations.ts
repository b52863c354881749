import { Migration } from '@mikro-orm/migrations';

export class Migration005SellerInvitations extends Migration {
  override name = 'Migration005SellerInvitations';

  override up(): void {
    // Approved suppliers' seller accounts, waiting for their invitation link (issue #16).
    this.addSql(`
      create table seller_invitations (
        id uuid primary key,
        application_id uuid not null,
        token_hash text not null,
        email text not null,
        name text not null,
        mobile text,
        country text not null,
        store_id uuid not null,
        store_name text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`);
    this.addSql(`alter table seller_invitations add constraint seller_invitations_application_key unique (application_id)`);
    this.addSql(`alter table seller_invitations add constraint seller_invitations_token_hash_key unique (token_hash)`);
  }
}
