import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A store that sends its products to Google Merchant Center. */
export const MerchantStore = defineEntity({
  name: 'MerchantStore',
  tableName: 'merchant_stores',
  properties: {
    storeId: p.uuid().primary(),
    enabled: p.boolean(),
    updatedAt: p.datetime(),
  },
});
export type MerchantStore = InferEntity<typeof MerchantStore>;
