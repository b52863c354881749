import { Migration } from '@mikro-orm/migrations';

export class Migration001Integrations extends Migration {
  override name = 'Migration001Integrations';

  override up(): void {
    // The marketplace's stores and products as this context needs them, kept from StoreUpdated / Product* events.
    this.addSql(`
      create table mirrored_stores (
        id uuid primary key,
        name text not null,
        country text not null,
        currency text not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`
      create table mirrored_products (
        id uuid primary key,
        store_id uuid not null,
        title text not null,
        description text not null,
        brand text not null,
        reference text not null,
        stock int not null,
        price numeric(14, 2) not null,
        images jsonb not null default '[]',
        product_url text not null,
        compatible_vehicles jsonb not null default '[]',
        state text not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index mirrored_products_store on mirrored_products (store_id, state)`);
    // Billing's app parameters this context reads (freePublicationsInML), following AppParameterChanged.
    this.addSql(`create table settings (name text primary key, value jsonb not null, updated_at timestamptz not null)`);

    // PIES: the Auto Care brand table and each store's brand labels mapped to it.
    this.addSql(`
      create table pies_brands (
        brand_aaiaid text primary key,
        brand_name text not null,
        brand_key text not null,
        brand_owner text,
        parent_company text,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index pies_brands_key on pies_brands (brand_key)`);
    this.addSql(`
      create table brand_compatibilities (
        id uuid primary key,
        store_id uuid not null,
        product_brand text not null,
        brand_key text not null,
        brand_aaiaid text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint brand_compatibilities_store_brand unique (store_id, brand_key)
      )`);

    // A store's MercadoLibre account: tokens encrypted (AES-256-GCM), the OAuth state while authorizing.
    this.addSql(`
      create table ml_connections (
        store_id uuid primary key,
        site_id text not null,
        state text not null,
        ml_user_id text,
        ml_nickname text,
        access_token_enc text,
        refresh_token_enc text,
        token_expires_at timestamptz,
        oauth_state text,
        oauth_state_expires_at timestamptz,
        last_error text,
        connected_at timestamptz,
        updated_at timestamptz not null
      )`);
    this.addSql(`create unique index ml_connections_oauth_state on ml_connections (oauth_state) where oauth_state is not null`);
    this.addSql(`create index ml_connections_user on ml_connections (ml_user_id) where ml_user_id is not null`);
    this.addSql(`create table merchant_stores (store_id uuid primary key, enabled boolean not null, updated_at timestamptz not null)`);

    // One product on one channel. The row is the sync's duty (sync_due_at); a BullMQ job is its alarm.
    this.addSql(`
      create table channel_listings (
        id text primary key,
        channel text not null,
        product_id uuid not null,
        store_id uuid not null,
        external_id text,
        status text not null,
        desired_status text not null,
        compatibilities int not null default 0,
        attempts int not null default 0,
        last_error text,
        sync_due_at timestamptz,
        synced_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint channel_listings_product unique (channel, product_id)
      )`);
    this.addSql(`create index channel_listings_due on channel_listings (channel, sync_due_at) where sync_due_at is not null`);
    this.addSql(`create index channel_listings_store on channel_listings (store_id, channel, status)`);
    this.addSql(`create index channel_listings_external on channel_listings (external_id) where external_id is not null`);
  }
}
