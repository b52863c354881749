import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { QuotationState } from '@tuerca/contracts';
import { Product } from '../products/product.entity.js';
import { Store } from '../stores/store.entity.js';
import { personChangesTriggers } from '../search/change-notices.js';

/**
 * A person's stock-confirmation request for a quotation product (salesModel 3, spec 000 §4) and the
 * seller's answer: `available` opens the purchase for `remaining_time` hours (`window_expires_at`).
 */
export const Quotation = defineEntity({
  name: 'Quotation',
  tableName: 'quotations',
  properties: {
    id: p.uuid().primary(),
    product: () => p.manyToOne(Product).fieldName('product_id').foreignKeyName('quotations_product_id_fkey'),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('quotations_store_id_fkey'),
    userId: p.text(),
    customerName: p.text().nullable(),
    customerMobile: p.text().nullable(),
    quantity: p.integer().check('quantity >= 1'),
    state: p.text().$type<QuotationState>().check(`state in ('awaiting', 'available', 'not_available', 'expired', 'ordered')`),
    remainingTime: p.integer().nullable(),
    price: p.decimal('number').precision(14).scale(2).nullable(),
    sellerComment: p.text().nullable(),
    requestedAt: p.datetime(),
    respondedAt: p.datetime().nullable(),
    respondedBy: p.text().nullable(),
    windowExpiresAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'quotations_person', expression: 'create index quotations_person on quotations (user_id, product_id, requested_at desc)' },
    { name: 'quotations_store', expression: 'create index quotations_store on quotations (store_id, state, requested_at desc)' },
    // The quotation-window sweep: open windows by their end.
    { name: 'quotations_open_windows', properties: ['windowExpiresAt'], where: `state = 'available'` },
  ],
  uniques: [
    // One open request per person and product: a second 'Confirmar' while waiting or while the window is open is refused.
    { name: 'quotations_one_open', properties: ['userId', 'product'], where: `state in ('awaiting', 'available')` },
  ],
  // The lookups' cached person parts hear every change of a person's quotations (Migration015ChangeNotices).
  triggers: personChangesTriggers('quotations', 'q', 'user_id'),
});
export type Quotation = InferEntity<typeof Quotation>;
