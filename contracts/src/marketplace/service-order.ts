import { z } from 'zod';
import { t } from '../messages/format.js';

/** spec 000 §3 "Service order model: type_price (no_utility, price_with_utility, manual_price), price, utility (%), total." */
export const SERVICE_ORDER_PRICE_TYPES = ['no_utility', 'price_with_utility', 'manual_price'] as const;

/** spec 000 §5: "With utility: total = actualPrice / (1 - utility/100), rounded to 2 decimals." */
export function serviceOrderTotal(actualPrice: number, utility: number): number {
  return Math.round((actualPrice / (1 - utility / 100)) * 100) / 100;
}

/**
 * spec 000 §5 "Service order form: type_price required. price required when manual_price. utility
 * required when price_with_utility." Utility is a percentage below 100 (the formula divides by 1 - u/100).
 */
export const serviceOrderSchema = z
  .object({
    type_price: z.enum(SERVICE_ORDER_PRICE_TYPES, { error: 'Este campo es obligatorio' }),
    price: z.coerce.number({ error: 'Debe ser un número' }).min(0).max(1_000_000_000).optional(),
    utility: z.coerce
      .number({ error: 'Debe ser un número' })
      .min(0)
      .lt(100, { error: t('validation.marginBelow100') })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type_price === 'manual_price' && v.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Este campo es obligatorio' });
    if (v.type_price === 'price_with_utility' && v.utility === undefined)
      ctx.addIssue({ code: 'custom', path: ['utility'], message: 'Este campo es obligatorio' });
  });
export type ServiceOrderInput = z.infer<typeof serviceOrderSchema>;

/** spec 000 §5 "Saved price: no_utility gives actualPrice; manual_price gives the entered price; price_with_utility gives total." */
export function savedServiceOrderPrice(actualPrice: number, input: ServiceOrderInput): { price: number; total: number | null } {
  switch (input.type_price) {
    case 'no_utility':
      return { price: actualPrice, total: null };
    case 'manual_price':
      return { price: input.price!, total: null };
    case 'price_with_utility': {
      const total = serviceOrderTotal(actualPrice, input.utility!);
      return { price: total, total };
    }
  }
}
