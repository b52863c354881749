import { Migration } from '@mikro-orm/migrations';

export class Migration002Payments extends Migration {
  override name = 'Migration002Payments';

  override up(): void {
    // One gateway transaction pays one payment: a genuine event re-pointed at another reference is refused.
    this.addSql(
      `create unique index payments_gateway_transaction on payments (gateway_transaction_id) where gateway_transaction_id is not null`,
    );
    this.addSql(`create index payment_events_payment on payment_events (payment_id, received_at) where payment_id is not null`);
    this.addSql(`create index payment_events_reference on payment_events (reference, received_at)`);
  }
}
