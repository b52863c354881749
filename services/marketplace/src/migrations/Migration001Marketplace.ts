import { Migration } from '@mikro-orm/migrations';

/**
 * The marketplace's schema: stores, the sellers' products (write model), the search read model and its
 * part-number index, the catalogue's cross-references as the marketplace keeps them, quotations,
 * orders, the cart and service-order prices.
 */
export class Migration001Marketplace extends Migration {
  override name = 'Migration001Marketplace';

  override up(): void {
    // Accent-insensitive Spanish stemming and trigram similarity (typo tolerance); both ship with PostgreSQL.
    this.addSql(`create extension if not exists unaccent with schema public`);
    this.addSql(`create extension if not exists pg_trgm with schema public`);
    this.addSql(`create text search configuration es_unaccent (copy = pg_catalog.spanish)`);
    this.addSql(
      `alter text search configuration es_unaccent alter mapping for hword, hword_part, word with public.unaccent, pg_catalog.spanish_stem`,
    );

    this.addSql(`
      create table stores (
        id uuid primary key,
        name text not null check (char_length(name) between 2 and 120),
        country text not null check (country in ('CO', 'MX')),
        currency text not null check (currency in ('COP', 'MXN')),
        city text,
        is_virtual boolean not null default false,
        path_prefix text unique check (path_prefix ~ '^[a-z0-9][a-z0-9-]{1,59}$'),
        logotype_url text,
        show_store_logo_in_product boolean not null default false,
        show_product_references boolean not null default true,
        show_store_name_to_user boolean not null default true,
        show_provider boolean not null default true,
        provider_name text,
        purchase_discount_rules jsonb not null default '[]',
        minimum_purchase_value numeric(14, 2) not null default 0,
        mobile text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);

    this.addSql(`
      create table products (
        id uuid primary key,
        store_id uuid not null references stores (id),
        title text not null,
        manufacturer_title text not null,
        descripcion text not null default '',
        observaciones text not null default '',
        referencia_1 text not null,
        referencia_2 text,
        referencia_3 text,
        clean_reference_1 text not null,
        clean_reference_2 text,
        clean_reference_3 text,
        inventario int not null check (inventario >= 0),
        fecha_actualizacion timestamptz not null,
        actual_price numeric(14, 2) not null check (actual_price >= 0),
        hide_prices boolean not null default false,
        images_urls jsonb not null default '[]',
        product_url text not null unique,
        tiempos_de_entrega text not null default '',
        minimum_order_quantity int not null default 1,
        sales_model smallint not null check (sales_model in (1, 2, 3)),
        cart_type text not null check (cart_type in ('cart', 'favorites')),
        quotation_max_quantity int,
        remaining_time int not null,
        compatible_vehicles jsonb not null default '[]',
        category text,
        confirm_product_in_api boolean not null default false,
        state text not null check (state in ('published', 'depleted', 'deleted')),
        visits int not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index products_store on products (store_id, state, updated_at desc)`);
    // checkIfTheProductExist and the spreadsheet import match a store's product by reference and brand.
    this.addSql(
      `create unique index products_store_reference on products (store_id, clean_reference_1, lower(manufacturer_title)) where state <> 'deleted'`,
    );
    this.addSql(`create index products_reference on products (clean_reference_1) where state <> 'deleted'`);

    // The search read model: one row per visible product, store fields folded in, kept by the
    // product-search projection from ProductPublished / ProductUpdated / ProductDeleted / StoreUpdated.
    this.addSql(`
      create table product_search (
        product_id uuid primary key,
        store_id uuid not null,
        title text not null,
        manufacturer_title text not null,
        descripcion text not null,
        observaciones text not null,
        referencia_1 text not null,
        referencia_2 text,
        referencia_3 text,
        clean_reference_1 text not null,
        inventario int not null,
        fecha_actualizacion timestamptz not null,
        actual_price numeric(14, 2) not null,
        hide_prices boolean not null,
        images_urls jsonb not null,
        product_url text not null,
        tiempos_de_entrega text not null,
        minimum_order_quantity int not null,
        sales_model smallint not null,
        cart_type text not null,
        quotation_max_quantity int,
        remaining_time int not null,
        compatible_vehicles jsonb not null,
        makes text[] not null default '{}',
        category text,
        confirm_product_in_api boolean not null,
        store_name text not null,
        store_country text not null,
        currency text not null,
        store_is_virtual boolean not null,
        store_path_prefix text,
        store_logo text,
        show_store_logo boolean not null,
        show_references boolean not null,
        show_store_name boolean not null,
        show_provider boolean not null,
        provider_name text,
        discount_rules jsonb not null,
        document tsvector not null,
        event_at timestamptz not null
      )`);
    this.addSql(`create index product_search_document on product_search using gin (document)`);
    this.addSql(`create index product_search_store on product_search (store_id)`);
    this.addSql(`create index product_search_makes on product_search using gin (makes)`);
    this.addSql(`create index product_search_brand on product_search (lower(manufacturer_title))`);

    // Every normalised reference of a visible product: exact and prefix part-number search.
    this.addSql(`
      create table product_refs (
        ref text not null,
        product_id uuid not null references product_search (product_id) on delete cascade,
        primary key (ref, product_id)
      )`);
    this.addSql(`create index product_refs_prefix on product_refs (ref text_pattern_ops)`);
    this.addSql(`create index product_refs_product on product_refs (product_id)`);

    // Words of titles and brands, for correcting typos in text searches (trigram similarity).
    this.addSql(`create table search_words (word text primary key)`);
    this.addSql(`create index search_words_trgm on search_words using gin (word public.gin_trgm_ops)`);

    // Deleted products remembered by the projection, so a late ProductUpdated does not bring one back.
    this.addSql(`create table product_search_tombstones (product_id uuid primary key, event_at timestamptz not null)`);

    // The catalogue's cross-references, from CrossReferencesPublished (one OEM number's list at a time).
    this.addSql(`
      create table cross_references (
        oem text not null,
        part text not null,
        oem_formatted text not null,
        oem_manufacturer text not null,
        part_formatted text not null,
        part_manufacturer text not null,
        type text not null,
        way text not null,
        primary key (oem, part, part_manufacturer)
      )`);
    this.addSql(`create index cross_references_part on cross_references (part)`);

    this.addSql(`
      create table quotations (
        id uuid primary key,
        product_id uuid not null references products (id),
        store_id uuid not null references stores (id),
        user_id text not null,
        customer_name text,
        customer_mobile text,
        quantity int not null check (quantity >= 1),
        state text not null check (state in ('awaiting', 'available', 'not_available', 'expired', 'ordered')),
        remaining_time int,
        price numeric(14, 2),
        seller_comment text,
        requested_at timestamptz not null,
        responded_at timestamptz,
        responded_by text,
        window_expires_at timestamptz,
        closed_at timestamptz
      )`);
    this.addSql(`create index quotations_person on quotations (user_id, product_id, requested_at desc)`);
    this.addSql(`create index quotations_store on quotations (store_id, state, requested_at desc)`);
    // One open request per person and product: a second 'Confirmar' while waiting or while the window is open is refused.
    this.addSql(`create unique index quotations_one_open on quotations (user_id, product_id) where state in ('awaiting', 'available')`);

    this.addSql(`
      create table orders (
        id uuid primary key,
        ref_venta text not null unique,
        quotation_id uuid references quotations (id),
        product_id uuid not null references products (id),
        store_id uuid not null references stores (id),
        user_id text not null,
        quantity int not null check (quantity >= 1),
        unit_price numeric(14, 2) not null,
        total numeric(14, 2) not null,
        currency text not null,
        comment text not null default '',
        state text not null default 'pending',
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index orders_user on orders (user_id, created_at desc)`);
    this.addSql(`create index orders_store on orders (store_id, created_at desc)`);
    this.addSql(`create sequence order_numbers start 1000`);

    // Cart and favourites: owner is 'u:<userId>' or 'g:<guestId>'.
    this.addSql(`
      create table cart_items (
        id uuid primary key,
        owner text not null,
        section text not null check (section in ('cart', 'favorites')),
        product_id uuid not null references products (id),
        store_id uuid not null references stores (id),
        quantity int not null check (quantity >= 1),
        quotation_id uuid references quotations (id),
        added_at timestamptz not null default now(),
        unique (owner, section, product_id)
      )`);
    this.addSql(`create index cart_items_product on cart_items (product_id)`);

    this.addSql(`
      create table service_order_prices (
        user_id text not null,
        product_id uuid not null references products (id),
        type_price text not null check (type_price in ('no_utility', 'price_with_utility', 'manual_price')),
        price numeric(14, 2) not null,
        utility numeric(5, 2),
        total numeric(14, 2),
        updated_at timestamptz not null default now(),
        primary key (user_id, product_id)
      )`);
  }
}
