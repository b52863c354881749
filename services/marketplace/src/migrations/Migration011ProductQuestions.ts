import { Migration } from '@mikro-orm/migrations';

export class Migration011ProductQuestions extends Migration {
  override name = 'Migration011ProductQuestions';

  override up(): void {
    // Product questions (spec 000 §7 "Product questions"): does this part fit my vehicle?
    this.addSql(`
      create table product_questions (
        id uuid primary key,
        product_id uuid not null references products (id),
        store_id uuid not null references stores (id),
        user_id text not null,
        asker_name text,
        asker_email text,
        asker_mobile text,
        question text not null,
        comment text,
        product_reference text not null,
        product_description text not null,
        vehicle_brand text not null,
        vehicle_model text not null,
        vehicle_year int,
        vehicle_vin text,
        vehicle_key text not null,
        state text not null check (state in ('pending', 'answered')),
        answer text check (answer in ('yes', 'no', 'need_vin')),
        response text,
        answered_at timestamptz,
        answered_by text,
        follow_up text,
        follow_up_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index product_questions_person on product_questions (user_id, created_at desc)`);
    this.addSql(`create index product_questions_store on product_questions (store_id, state, created_at desc)`);
    this.addSql(`create index product_questions_product on product_questions (product_id, state)`);
    // One waiting question per person, product and vehicle.
    this.addSql(
      `create unique index product_questions_one_pending on product_questions (user_id, product_id, vehicle_key) where state = 'pending'`,
    );
  }
}
