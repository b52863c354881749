import { Migration } from '@mikro-orm/migrations';

/**
 * The buyer's side of the money path (issue #12): transactions (one per store and way of closing), their
 * lines, the payments that make them paid, the garage vehicles and app parameters the marketplace keeps
 * from other contexts' events, the cart's selection, and the stores' payment store info. The orders that
 * makeOrder wrote before become transactions of channel 'quotation' (they never reserved stock).
 */
export class Migration004Purchases extends Migration {
  override name = 'Migration004Purchases';

  override up(): void {
    // spec 000 §3 payment store info: how the store closes a sale and where the buyer goes afterwards.
    this.addSql(
      `alter table stores add column transaction_closing_form text not null default 'whatsapp' check (transaction_closing_form in ('whatsapp', 'store_website', 'in_store'))`,
    );
    this.addSql(`alter table stores add column addressing_after_transaction text`);
    this.addSql(`alter table stores add column addressing_button_name text`);

    // The cart page's selection survives a reload and another device.
    this.addSql(`alter table cart_items add column selected boolean not null default true`);

    // ref_venta numbers are never reused: the orders' sequence carries on for every transaction.
    this.addSql(`alter sequence order_numbers rename to transaction_numbers`);

    this.addSql(`
      create table transactions (
        id uuid primary key,
        ref_venta text not null unique,
        buyer_id text not null,
        buyer_name text,
        buyer_email text,
        buyer_mobile text,
        store_id uuid not null references stores (id),
        channel text not null check (channel in ('online', 'order', 'link', 'quotation')),
        state text not null check (state in ('awaiting_confirmation', 'pending_payment', 'paid', 'cancelled', 'returned')),
        currency text not null check (currency in ('COP', 'MXN')),
        country text not null check (country in ('CO', 'MX')),
        subtotal_cents bigint not null check (subtotal_cents >= 0),
        discount_cents bigint not null default 0 check (discount_cents >= 0),
        total_cents bigint not null check (total_cents >= 0),
        iva_rate smallint not null,
        iva_cents bigint not null,
        comment text not null default '',
        terms_accepted_at timestamptz,
        request_key text,
        quotation_id uuid references quotations (id),
        stock_state text not null check (stock_state in ('reserved', 'released', 'committed', 'none')),
        reservation_expires_at timestamptz,
        payment_reference text,
        payment_kind text check (payment_kind in ('checkout', 'link')),
        payment_checkout_url text,
        payment_expires_at timestamptz,
        paid_at timestamptz,
        cancelled_at timestamptz,
        cancel_reason text check (cancel_reason in ('buyer', 'payment_declined', 'payment_expired', 'reservation_expired', 'seller_rejected')),
        refund_due boolean not null default false,
        shipping_address jsonb,
        shipping_set_at timestamptz,
        vehicle jsonb,
        buyer_unread boolean not null default false,
        seller_unread boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // A request (Idempotency-Key) makes its transactions once: the second answer is the first one.
    this.addSql(
      `create unique index transactions_request on transactions (buyer_id, request_key, store_id, channel) where request_key is not null`,
    );
    this.addSql(`create index transactions_buyer on transactions (buyer_id, created_at desc, id)`);
    this.addSql(`create index transactions_store on transactions (store_id, created_at desc, id)`);
    // The reservation sweep's work list: held stock whose window ends.
    this.addSql(`create index transactions_reservations on transactions (reservation_expires_at) where stock_state = 'reserved'`);
    this.addSql(`create index transactions_buyer_unread on transactions (buyer_id) where buyer_unread`);
    // An answered quotation is ordered once (a cancelled order frees it).
    this.addSql(
      `create unique index transactions_quotation on transactions (quotation_id) where quotation_id is not null and state <> 'cancelled'`,
    );

    this.addSql(`
      create table transaction_lines (
        id uuid primary key,
        transaction_id uuid not null references transactions (id) on delete cascade,
        position smallint not null,
        product_id uuid not null references products (id),
        sales_model smallint not null,
        title text not null,
        reference text,
        manufacturer_title text not null,
        image_url text,
        quantity int not null check (quantity >= 1),
        unit_price_cents bigint not null check (unit_price_cents >= 0),
        discount_percentage numeric(5, 2) not null default 0,
        discount_cents bigint not null default 0,
        total_cents bigint not null,
        quotation_id uuid references quotations (id),
        unique (transaction_id, position)
      )`);
    this.addSql(`create index transaction_lines_product on transaction_lines (product_id)`);

    // The payments a transaction's paid state is derived from (online ones from billing's events).
    this.addSql(`
      create table transaction_payments (
        id uuid primary key,
        transaction_id uuid not null references transactions (id),
        source text not null check (source in ('gateway')),
        payment_id text not null,
        reference text not null,
        amount_cents bigint not null check (amount_cents > 0),
        currency text not null,
        method text not null,
        gateway_transaction_id text,
        received_at timestamptz not null,
        reversed_at timestamptz,
        reversal_reason text,
        created_at timestamptz not null default now()
      )`);
    // A payment counts once, however often the gateway's approval is replayed.
    this.addSql(`create unique index transaction_payments_payment on transaction_payments (source, payment_id)`);
    this.addSql(`create index transaction_payments_transaction on transaction_payments (transaction_id)`);

    // Garage vehicles as the marketplace keeps them (VehicleSavedToGarage / VehicleUpdated / VehicleRemovedFromGarage).
    this.addSql(`
      create table garage_vehicles (
        vehicle_id uuid primary key,
        user_id text not null,
        country text not null,
        license_plate text not null,
        brand text not null,
        model text not null,
        year int not null,
        removed_at timestamptz,
        event_at timestamptz not null
      )`);
    this.addSql(`create index garage_vehicles_user on garage_vehicles (user_id) where removed_at is null`);

    // App parameters the marketplace reads (AppParameterChanged); a missing row means the contract's default.
    this.addSql(`create table app_parameters (name text primary key, value jsonb not null, changed_at timestamptz not null)`);

    // Orders of answered quotations become transactions: pending payment, no stock ever reserved for them.
    this.addSql(`
      insert into transactions (id, ref_venta, buyer_id, store_id, channel, state, currency, country, subtotal_cents, discount_cents,
        total_cents, iva_rate, iva_cents, comment, quotation_id, stock_state, buyer_unread, seller_unread, created_at, updated_at)
      select o.id, o.ref_venta, o.user_id, o.store_id, 'quotation', 'pending_payment', o.currency, s.country,
        round(o.total * 100)::bigint, 0, round(o.total * 100)::bigint,
        case when s.country = 'MX' then 16 else 19 end,
        round(o.total * 100)::bigint - round(round(o.total * 100) * 100 / (case when s.country = 'MX' then 116 else 119 end))::bigint,
        o.comment, o.quotation_id, 'none', false, true, o.created_at, o.created_at
      from orders o join stores s on s.id = o.store_id`);
    this.addSql(`
      insert into transaction_lines (id, transaction_id, position, product_id, sales_model, title, reference, manufacturer_title, image_url,
        quantity, unit_price_cents, discount_percentage, discount_cents, total_cents, quotation_id)
      select gen_random_uuid(), o.id, 1, o.product_id, p.sales_model, p.title, p.referencia_1, p.manufacturer_title, p.images_urls ->> 0,
        o.quantity, round(o.unit_price * 100)::bigint, 0, 0, round(o.total * 100)::bigint, o.quotation_id
      from orders o join products p on p.id = o.product_id`);
    this.addSql(`drop table orders`);
  }
}
