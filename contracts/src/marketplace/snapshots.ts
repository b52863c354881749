import { z } from 'zod';
import { compatibleVehicleSchema, purchaseDiscountRuleSchema } from './product.js';

/** The product as the search read model keeps it: every field the results show, nothing computed per person. */
export const productSnapshotSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  title: z.string(),
  manufacturer_title: z.string(),
  descripcion: z.string(),
  observaciones: z.string(),
  referencia_1: z.string(),
  referencia_2: z.string().nullable(),
  referencia_3: z.string().nullable(),
  inventario: z.number().int(),
  fecha_actualizacion: z.string(),
  actualPrice: z.number(),
  hidePrices: z.boolean(),
  imagesURLs: z.array(z.string()),
  productUrl: z.string(),
  tiempos_de_entrega: z.string(),
  minimum_order_quantity: z.number().int(),
  salesModel: z.number().int(),
  cartTypeBySaleModel: z.enum(['cart', 'favorites']),
  quotationMaxQuantity: z.number().int().nullable(),
  remainingTime: z.number().int(),
  compatibleVehicles: z.array(compatibleVehicleSchema),
  category: z.string().nullable(),
  confirmProductInAPI: z.boolean(),
  state: z.enum(['published', 'depleted', 'deleted']),
  updatedAt: z.string(),
});
export type ProductSnapshot = z.infer<typeof productSnapshotSchema>;

export const storeSnapshotSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  country: z.enum(['CO', 'MX']),
  currency: z.enum(['COP', 'MXN']),
  isVirtualStore: z.boolean(),
  pathPrefix: z.string().nullable(),
  logotypeUrl: z.string().nullable(),
  showStoreLogoInProduct: z.boolean(),
  showProductReferences: z.boolean(),
  showStoreNameToUser: z.boolean(),
  showProvider: z.boolean(),
  providerName: z.string().nullable(),
  purchaseDiscountRules: z.array(purchaseDiscountRuleSchema),
  minimumPurchaseValue: z.number(),
});
export type StoreSnapshot = z.infer<typeof storeSnapshotSchema>;
