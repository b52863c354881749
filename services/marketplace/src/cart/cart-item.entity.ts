import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CartSection } from '@tuerca/contracts';
import { Product } from '../products/product.entity.js';
import { Quotation } from '../quotations/quotation.entity.js';
import { personChangesTriggers } from '../search/change-notices.js';
import { Store } from '../stores/store.entity.js';

/**
 * A line of a person's cart or favourites. The owner is `u:<userId>` for an account or `g:<guestId>` for
 * a guest visitor (a guest's lines join the account's at login).
 */
export const CartItem = defineEntity({
  name: 'CartItem',
  tableName: 'cart_items',
  properties: {
    id: p.uuid().primary(),
    owner: p.text(),
    section: p.text().$type<CartSection>().check(`section in ('cart', 'favorites')`),
    product: () => p.manyToOne(Product).fieldName('product_id').foreignKeyName('cart_items_product_id_fkey').index('cart_items_product'),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('cart_items_store_id_fkey'),
    quantity: p.integer().check('quantity >= 1'),
    /** For salesModel 3: the answered quotation whose window allows the purchase. */
    quotation: () =>
      p.manyToOne(Quotation).fieldName('quotation_id').foreignKeyName('cart_items_quotation_id_fkey').deleteRule('no action').nullable(),
    /** Selected on the cart page for the next checkout (kept, so the selection survives a reload). */
    selected: p.boolean().default(true),
    addedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  uniques: [{ name: 'cart_items_owner_section_product_id_key', properties: ['owner', 'section', 'product'] }],
  // The lookups' cached person parts hear every change of an owner's lines (Migration015ChangeNotices).
  triggers: personChangesTriggers('cart_items', 'p', 'owner'),
});
export type CartItem = InferEntity<typeof CartItem>;
