import { Migration } from '@mikro-orm/migrations';

/**
 * Closing the sale (issue #13 part A): the seller's decision on an order and the delivery, the adviser of a
 * transaction and their follow-up notes, payments recorded by hand (and every reversal kept), return requests
 * (derecho de retracto), and the advisers the marketplace knows from identity's events.
 */
export class Migration005Closing extends Migration {
  override name = 'Migration005Closing';

  override up(): void {
    this.addSql(`alter table transactions add column seller_decided_at timestamptz`);
    this.addSql(`alter table transactions add column seller_rejection_reason text`);
    this.addSql(`alter table transactions add column delivered_at timestamptz`);
    this.addSql(`alter table transactions add column adviser_id text`);
    this.addSql(`alter table transactions add column adviser_assigned_at timestamptz`);
    this.addSql(`alter table transactions add column follow_up_state text check (follow_up_state in ('open', 'contacted', 'resolved'))`);
    // The adviser's queue and the wallet's unread count.
    this.addSql(`create index transactions_adviser on transactions (adviser_id, updated_at desc) where adviser_id is not null`);
    this.addSql(`create index transactions_seller_unread on transactions (store_id) where seller_unread`);

    // Payments recorded by a store or an operator beside the gateway's; a reversal is stamped, never a delete.
    this.addSql(`alter table transaction_payments drop constraint transaction_payments_source_check`);
    this.addSql(
      `alter table transaction_payments add constraint transaction_payments_source_check check (source in ('gateway', 'manual'))`,
    );
    this.addSql(
      `alter table transaction_payments add column payment_type text check (payment_type in ('cash_on_delivery', 'bank_transfer', 'nequi', 'daviplata', 'spei', 'oxxo'))`,
    );
    this.addSql(`alter table transaction_payments add column notes text not null default ''`);
    this.addSql(`alter table transaction_payments add column recorded_by text`);
    this.addSql(`alter table transaction_payments add column reversed_by text`);
    this.addSql(`alter table transaction_payments add column updated_at timestamptz not null default now()`);

    this.addSql(`
      create table transaction_returns (
        id uuid primary key,
        transaction_id uuid not null references transactions (id),
        buyer_id text not null,
        state text not null check (state in ('requested', 'accepted', 'rejected')),
        reason text not null,
        decision_reason text,
        requested_at timestamptz not null,
        decided_at timestamptz,
        decided_by text,
        seller_unread boolean not null default true
      )`);
    this.addSql(`create index transaction_returns_transaction on transaction_returns (transaction_id)`);
    // One request waits for the seller at a time.
    this.addSql(`create unique index transaction_returns_open on transaction_returns (transaction_id) where state = 'requested'`);

    this.addSql(`
      create table transaction_notes (
        id uuid primary key,
        transaction_id uuid not null references transactions (id),
        author_id text not null,
        author_role text not null,
        text text not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index transaction_notes_transaction on transaction_notes (transaction_id, created_at)`);

    // Advisers as identity announces them (UserRegistered, UserUpdated): who may be assigned to a transaction.
    this.addSql(`create table advisers (user_id text primary key, email text, active boolean not null, changed_at timestamptz not null)`);
  }
}
