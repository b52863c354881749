import { Migration } from '@mikro-orm/migrations';

/**
 * A store's own order API (issue #13): its API clients (URL, secret encrypted at rest, active), the store's side
 * of each transaction (hidden from its list, synced or not), and the delivery log — one row per event sent to a
 * client (the duty: pending until a 2xx, retried with back-off) and one per attempt.
 */
export class Migration008StoreApi extends Migration {
  override name = 'Migration008StoreApi';

  override up(): void {
    this.addSql(`
      create table store_api_clients (
        id uuid primary key,
        store_id uuid not null references stores (id),
        name text not null,
        url text not null,
        secret_ciphertext text not null,
        secret_hint text not null,
        active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index store_api_clients_store on store_api_clients (store_id)`);

    this.addSql(`
      create table store_orders (
        transaction_id uuid primary key references transactions (id),
        store_id uuid not null references stores (id),
        hidden_at timestamptz,
        api_sync_removed_at timestamptz,
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index store_orders_hidden on store_orders (store_id) where hidden_at is not null`);

    this.addSql(`
      create table store_api_deliveries (
        id uuid primary key,
        event_id uuid not null unique,
        client_id uuid not null references store_api_clients (id),
        transaction_id uuid not null references transactions (id),
        store_id uuid not null references stores (id),
        type text not null check (type in ('order.placed', 'order.resent')),
        body text not null,
        status text not null check (status in ('pending', 'delivered', 'failed', 'cancelled')),
        attempts integer not null default 0,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        delivered_at timestamptz,
        last_status_code integer,
        last_error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // A purchase is announced once to each client, however often its event is consumed.
    this.addSql(
      `create unique index store_api_deliveries_placed on store_api_deliveries (transaction_id, client_id) where type = 'order.placed'`,
    );
    this.addSql(`create index store_api_deliveries_due on store_api_deliveries (next_attempt_at) where status = 'pending'`);
    this.addSql(`create index store_api_deliveries_transaction on store_api_deliveries (transaction_id, created_at)`);
    this.addSql(`create index store_api_deliveries_client on store_api_deliveries (client_id, created_at desc)`);

    this.addSql(`
      create table store_api_attempts (
        id uuid primary key,
        delivery_id uuid not null references store_api_deliveries (id),
        attempt integer not null,
        started_at timestamptz not null,
        finished_at timestamptz,
        status_code integer,
        error text,
        duration_ms integer
      )`);
    this.addSql(`create unique index store_api_attempts_delivery on store_api_attempts (delivery_id, attempt)`);
  }
}
