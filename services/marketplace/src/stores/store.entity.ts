import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ClosingForm, PurchaseDiscountRule } from '@tuerca/contracts';

/**
 * A store or virtual store (spec 000 §3 "store": name, logotype_URL, showStoreLogoInProduct, pathPrefix,
 * purchaseDiscountRules): the seller's shop front, its country and currency, and its rules for buyers.
 */
export const Store = defineEntity({
  name: 'Store',
  tableName: 'stores',
  properties: {
    id: p.uuid().primary(),
    name: p.text().check('char_length(name) >= 2 and char_length(name) <= 120'),
    country: p.text().$type<'CO' | 'MX'>().check(`country in ('CO', 'MX')`),
    /** Each store sells in its country's currency. */
    currency: p.text().$type<'COP' | 'MXN'>().check(`currency in ('COP', 'MXN')`),
    city: p.text().nullable(),
    isVirtual: p.boolean().default(false),
    /** A virtual store's path prefix: its pages live under `/{pathPrefix}/…`. */
    pathPrefix: p.text().nullable().unique('stores_path_prefix_key').check(`path_prefix ~ '^[a-z0-9][a-z0-9-]{1,59}$'`),
    logotypeUrl: p.text().nullable(),
    showStoreLogoInProduct: p.boolean().default(false),
    showProductReferences: p.boolean().default(true),
    showStoreNameToUser: p.boolean().default(true),
    showProvider: p.boolean().default(true),
    providerName: p.text().nullable(),
    /** spec 000 §3 "Purchase discount rule: price_range, discount_percentage". */
    purchaseDiscountRules: p.json<PurchaseDiscountRule[]>().columnType('jsonb').defaultRaw(`'[]'`),
    minimumPurchaseValue: p.decimal('number').precision(14).scale(2).default(0),
    /** The store's WhatsApp number (E.164). */
    mobile: p.text().nullable(),
    /** spec 000 §3 payment store info: how the store closes a sale after the transaction. */
    transactionClosingForm: p
      .text()
      .$type<ClosingForm>()
      .defaultRaw(`'whatsapp'`)
      .check(`transaction_closing_form in ('whatsapp', 'store_website', 'in_store')`),
    /** Where the buyer continues with the store after the transaction (null: a WhatsApp chat with the store). */
    addressingAfterTransaction: p.text().nullable(),
    /** The label of that button (null: the default for the closing form). */
    addressingButtonName: p.text().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Store = InferEntity<typeof Store>;
