import { Migration } from '@mikro-orm/migrations';

export class Migration010SupplierApplications extends Migration {
  override name = 'Migration010SupplierApplications';

  override up(): void {
    // Parts shops applying to sell on Tuerca (issue #16); an operator approves (store created) or rejects.
    this.addSql(`
      create table supplier_applications (
        id uuid primary key,
        status text not null,
        country text not null,
        company text not null,
        tax_id text not null,
        city text not null,
        contact_name text not null,
        email text not null,
        whatsapp text not null,
        sells text not null,
        store_id uuid,
        rejection_reason text,
        reviewed_by text,
        reviewed_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index supplier_applications_created on supplier_applications (created_at desc, id)`);
    // One open application per tax id and country.
    this.addSql(
      `create unique index supplier_applications_pending_tax_id on supplier_applications (country, tax_id) where status = 'pending'`,
    );
  }
}
