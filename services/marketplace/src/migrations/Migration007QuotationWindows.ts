import { Migration } from '@mikro-orm/migrations';

/** Open purchase windows by their end: the quotation-window sweep reads the ones due soon every minute. */
export class Migration007QuotationWindows extends Migration {
  override name = 'Migration007QuotationWindows';

  override up(): void {
    this.addSql(`create index quotations_open_windows on quotations (window_expires_at) where state = 'available'`);
  }
}
