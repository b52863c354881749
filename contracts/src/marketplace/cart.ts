import { z } from 'zod';
import { cartSectionSchema } from './product.js';
import { t } from '../messages/format.js';

/** POST /{module}/page/add (spec 000 §7): the product and quantity; the section follows cartTypeBySaleModel. */
export const cartAddSchema = z.object({
  productId: z.string({ error: 'Este campo es obligatorio' }).uuid({ error: t('validation.invalidProduct') }),
  quantity: z.coerce.number({ error: 'La cantidad debe ser mayor a cero' }).int({ error: 'La cantidad debe ser mayor a cero' }).default(1),
  /** For salesModel 3: the answered quotation whose window allows the purchase. */
  quotationId: z.string().uuid().optional(),
});
export type CartAddInput = z.infer<typeof cartAddSchema>;

/** POST /{module}/page/update: a line's new quantity. */
export const cartUpdateSchema = z.object({
  id: z.string({ error: 'Este campo es obligatorio' }).uuid({ error: t('validation.invalidItem') }),
  quantity: z.coerce.number({ error: 'La cantidad debe ser mayor a cero' }).int({ error: 'La cantidad debe ser mayor a cero' }),
});
export type CartUpdateInput = z.infer<typeof cartUpdateSchema>;

export const cartModuleSchema = cartSectionSchema;

/** One line of the cart or favourites as the console shows it. */
export interface CartItemView {
  id: string;
  section: 'cart' | 'favorites';
  productId: string;
  title: string;
  reference: string | null;
  quantity: number;
  unitPrice: number | null;
  currency: 'COP' | 'MXN';
  storeId: string;
  storeName: string;
  quotationId: string | null;
  addedAt: string;
}
