import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Product } from '../products/product.entity.js';
import { Quotation } from '../quotations/quotation.entity.js';
import { Transaction } from './transaction.entity.js';

/** A line of a transaction: what was bought, as it was when bought (title, reference, price), in integer minor units. */
export const TransactionLine = defineEntity({
  name: 'TransactionLine',
  tableName: 'transaction_lines',
  properties: {
    id: p.uuid().primary(),
    transaction: () =>
      p.manyToOne(Transaction).fieldName('transaction_id').foreignKeyName('transaction_lines_transaction_id_fkey').deleteRule('cascade'),
    position: p.smallint(),
    product: () =>
      p.manyToOne(Product).fieldName('product_id').foreignKeyName('transaction_lines_product_id_fkey').index('transaction_lines_product'),
    salesModel: p.smallint(),
    title: p.text(),
    /** Null when the store hides references (virtual store without showProductReferences). */
    reference: p.text().nullable(),
    manufacturerTitle: p.text(),
    imageUrl: p.text().nullable(),
    quantity: p.integer().check('quantity >= 1'),
    unitPriceCents: p.bigint('number').check('unit_price_cents >= 0'),
    discountPercentage: p.decimal('number').precision(5).scale(2).default(0),
    /** The whole line's discount. */
    discountCents: p.bigint('number').defaultRaw('0'),
    totalCents: p.bigint('number'),
    quotation: () =>
      p
        .manyToOne(Quotation)
        .fieldName('quotation_id')
        .foreignKeyName('transaction_lines_quotation_id_fkey')
        .deleteRule('no action')
        .nullable(),
  },
  uniques: [{ name: 'transaction_lines_transaction_id_position_key', properties: ['transaction', 'position'] }],
});
export type TransactionLine = InferEntity<typeof TransactionLine>;
