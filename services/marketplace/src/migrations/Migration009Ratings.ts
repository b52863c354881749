import { Migration } from '@mikro-orm/migrations';

/**
 * Ratings of stores (issue #13): a score record per delivered purchase (the request to its buyer and, once
 * given, the rating), and the search read model's summary per store (count and sum, from StoreRated).
 */
export class Migration009Ratings extends Migration {
  override name = 'Migration009Ratings';

  override up(): void {
    this.addSql(`
      create table store_scores (
        id uuid primary key,
        transaction_id uuid not null unique references transactions (id),
        store_id uuid not null references stores (id),
        buyer_id text not null,
        score smallint check (score >= 1 and score <= 5),
        comment text,
        requests integer not null default 1 check (requests >= 1),
        last_requested_at timestamptz not null,
        rated_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index store_scores_buyer on store_scores (buyer_id, created_at desc)`);
    this.addSql(`create index store_scores_store on store_scores (store_id, created_at desc)`);

    this.addSql(`
      create table store_rating_summaries (
        store_id uuid primary key,
        ratings_count integer not null default 0,
        ratings_sum integer not null default 0,
        updated_at timestamptz not null default now()
      )`);
  }
}
