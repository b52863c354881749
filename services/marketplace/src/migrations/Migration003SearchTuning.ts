import { Migration } from '@mikro-orm/migrations';

/**
 * Search tuning measured at scale 100 (load-tests/reports/marketplace-lookup.md): the typo correction
 * keeps only words of letters (words with digits are part numbers, never corrected) and finds the
 * nearest by trigram distance through a GiST index (KNN) instead of ranking every similar word, and the reverse cross-reference branch reads (part, oem) in order so a lookup can stop
 * at its cap.
 */
export class Migration003SearchTuning extends Migration {
  override name = 'Migration003SearchTuning';

  override up(): void {
    this.addSql(`delete from search_words where word !~ '^[a-z]+$'`);
    this.addSql(`create index search_words_trgm_gist on search_words using gist (word public.gist_trgm_ops)`);
    this.addSql(`drop index search_words_trgm`);
    this.addSql(`create index cross_references_part_oem on cross_references (part, oem)`);
    this.addSql(`drop index cross_references_part`);
  }
}
