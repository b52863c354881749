import { Migration } from '@mikro-orm/migrations';

/**
 * The quotation request page (spec 000 §2 '/home/page/cotizacion'): a request for a vehicle's parts sent to
 * several stores, each store's answer per part (a product and a price, which opens a quotation the cart reads).
 */
export class Migration012QuoteRequests extends Migration {
  override name = 'Migration012QuoteRequests';

  override up(): void {
    this.addSql(`
      create table quote_requests (
        id uuid primary key,
        user_id text not null,
        customer_name text,
        customer_mobile text,
        country text not null,
        vehicle_brand text not null,
        vehicle_model text not null,
        vehicle_year integer,
        vin text,
        garage_vehicle_id uuid,
        city text not null,
        comment text,
        created_at timestamptz not null
      )`);
    this.addSql(`create index quote_requests_person on quote_requests (user_id, created_at desc)`);
    this.addSql(`
      create table quote_request_lines (
        id uuid primary key,
        request_id uuid not null constraint quote_request_lines_request_id_fkey references quote_requests (id),
        position integer not null,
        name text not null,
        reference text,
        amount integer not null check (amount >= 1)
      )`);
    this.addSql(`create index quote_request_lines_request on quote_request_lines (request_id, position)`);
    this.addSql(`
      create table quote_request_sellers (
        id uuid primary key,
        request_id uuid not null constraint quote_request_sellers_request_id_fkey references quote_requests (id),
        store_id uuid not null constraint quote_request_sellers_store_id_fkey references stores (id),
        state text not null check (state in ('awaiting', 'answered')),
        comment text,
        answered_at timestamptz,
        answered_by text,
        created_at timestamptz not null,
        constraint quote_request_sellers_once unique (request_id, store_id)
      )`);
    this.addSql(`create index quote_request_sellers_store on quote_request_sellers (store_id, state, created_at desc)`);
    this.addSql(`
      create table quote_offers (
        id uuid primary key,
        assignment_id uuid not null constraint quote_offers_assignment_id_fkey references quote_request_sellers (id),
        line_id uuid not null constraint quote_offers_line_id_fkey references quote_request_lines (id),
        available boolean not null,
        product_id uuid constraint quote_offers_product_id_fkey references products (id) on delete set null,
        price numeric(14, 2),
        quotation_id uuid constraint quote_offers_quotation_id_fkey references quotations (id) on delete set null,
        created_at timestamptz not null,
        constraint quote_offers_once unique (assignment_id, line_id)
      )`);
  }
}
