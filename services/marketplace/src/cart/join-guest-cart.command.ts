import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContextDatabase, kysely, withinTransaction } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/**
 * A guest's cart survives login: the lines of the visitor id the person browsed with join the account's.
 * Run by the UserLoggedIn consumer, and before any cart read of a logged-in person whose guest cart still
 * has lines (so the cart page right after login shows them, whatever the consumer's lag). Answers how many
 * lines moved.
 */
export class JoinGuestCart extends Command<number> {
  constructor(
    readonly userId: string,
    readonly guestId: string,
    readonly tx?: EntityManager,
  ) {
    super();
  }
}

@CommandHandler(JoinGuestCart)
export class JoinGuestCartHandler implements ICommandHandler<JoinGuestCart> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ userId, guestId, tx }: JoinGuestCart): Promise<number> {
    const guest = `g:${guestId}`;
    const account = `u:${userId}`;
    // The usual case, read without a write: nothing left in the guest cart.
    const any = await kysely<MarketplaceDB>(tx ?? this.db.em())
      .selectFrom('CartItem')
      .select('id')
      .where('owner', '=', guest)
      .limit(1)
      .executeTakeFirst();
    if (!any) return 0;
    return withinTransaction(this.db, tx, async (em) => {
      const k = kysely<MarketplaceDB>(em);
      const lines = await k
        .selectFrom('CartItem')
        .select(['id', 'section', 'product', 'quantity'])
        .where('owner', '=', guest)
        .forUpdate()
        .execute();
      if (lines.length === 0) return 0;
      const mine = await k
        .selectFrom('CartItem')
        .select(['id', 'section', 'product', 'quantity'])
        .where('owner', '=', account)
        .forUpdate()
        .execute();
      const key = (l: { section: string; product: string }) => `${l.section}|${l.product}`;
      const existing = new Map(mine.map((l) => [key(l), l]));
      let moved = 0;
      for (const line of lines) {
        const same = existing.get(key(line));
        if (same) {
          // Both carts hold the product: keep the account's line with the larger quantity (nothing the person chose is lost).
          if (line.quantity > same.quantity)
            await k.updateTable('CartItem').set({ quantity: line.quantity }).where('id', '=', same.id).execute();
          await k.deleteFrom('CartItem').where('id', '=', line.id).execute();
        } else {
          // Quotation lines belong to the person who asked; a guest never has one, so the line moves as it is.
          await k.updateTable('CartItem').set({ owner: account }).where('id', '=', line.id).execute();
          moved += 1;
        }
      }
      return moved;
    });
  }
}
