import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { QuestionAnswer, QuestionState } from '@tuerca/contracts';
import { Product } from '../products/product.entity.js';
import { Store } from '../stores/store.entity.js';

/**
 * A person's question to a product's seller: does it fit my vehicle? (spec 000 §3 "Vehicle question",
 * §7 "Product questions"). `question` is the spec's text built from the vehicle; the seller's answer and the
 * asker's follow-up live on the same row (a follow-up puts it back to `pending`).
 */
export const ProductQuestion = defineEntity({
  name: 'ProductQuestion',
  tableName: 'product_questions',
  properties: {
    id: p.uuid().primary(),
    product: () => p.manyToOne(Product).fieldName('product_id').foreignKeyName('product_questions_product_id_fkey'),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('product_questions_store_id_fkey'),
    userId: p.text(),
    askerName: p.text().nullable(),
    askerEmail: p.text().nullable(),
    askerMobile: p.text().nullable(),
    question: p.text(),
    comment: p.text().nullable(),
    productReference: p.text(),
    productDescription: p.text(),
    vehicleBrand: p.text(),
    vehicleModel: p.text(),
    vehicleYear: p.integer().nullable(),
    vehicleVin: p.text().nullable(),
    /** brand|model|year, lower case: two questions of one person about one vehicle and product share it. */
    vehicleKey: p.text(),
    state: p.text().$type<QuestionState>().check(`state in ('pending', 'answered')`),
    answer: p.text().$type<QuestionAnswer>().nullable().check(`answer in ('yes', 'no', 'need_vin')`),
    response: p.text().nullable(),
    answeredAt: p.datetime().nullable(),
    answeredBy: p.text().nullable(),
    followUp: p.text().nullable(),
    followUpAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [
    {
      name: 'product_questions_person',
      expression: 'create index product_questions_person on product_questions (user_id, created_at desc)',
    },
    {
      name: 'product_questions_store',
      expression: 'create index product_questions_store on product_questions (store_id, state, created_at desc)',
    },
    { name: 'product_questions_product', expression: 'create index product_questions_product on product_questions (product_id, state)' },
  ],
  uniques: [
    // One waiting question per person, product and vehicle: asking again before the answer is refused (409).
    { name: 'product_questions_one_pending', properties: ['userId', 'product', 'vehicleKey'], where: `state = 'pending'` },
  ],
});
export type ProductQuestion = InferEntity<typeof ProductQuestion>;
