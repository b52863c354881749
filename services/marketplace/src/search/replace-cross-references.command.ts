import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrossReferencesPublished, PayloadOf } from '@tuerca/contracts';
import { ContextDatabase, kysely, withinTransaction } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';
import { crossReferenceRows } from './search.rules.js';

/** Rows per insert (8 columns each, far under PostgreSQL's 65,535 parameters). */
const BATCH = 1000;

/**
 * One OEM number's cross-references as the catalogue now lists them (CrossReferencesPublished): the previous
 * list is replaced, so a re-delivered or repeated event writes the same rows. `tx`: the consumer's transaction.
 */
export class ReplaceCrossReferences extends Command<number> {
  constructor(
    readonly published: PayloadOf<typeof CrossReferencesPublished>,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(ReplaceCrossReferences)
export class ReplaceCrossReferencesHandler implements ICommandHandler<ReplaceCrossReferences> {
  constructor(private readonly db: ContextDatabase) {}

  execute({ published, tx }: ReplaceCrossReferences): Promise<number> {
    return withinTransaction(this.db, tx, async (em) => {
      const db = kysely<MarketplaceDB>(em);
      await db.deleteFrom('CrossReference').where('oem', '=', published.oemNormalized).execute();
      const rows = crossReferenceRows(published);
      for (let i = 0; i < rows.length; i += BATCH)
        await db
          .insertInto('CrossReference')
          .values(rows.slice(i, i + BATCH))
          .execute();
      return rows.length;
    });
  }
}
