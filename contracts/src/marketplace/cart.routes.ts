import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { successSchema } from '../http/envelope.js';
import { cartAddSchema, cartUpdateSchema } from './cart.js';
import { cartSectionSchema } from './product.js';
import {
  cartLineSchema,
  cartStoreSummarySchema,
  checkoutBodySchema,
  checkoutResultSchema,
  minimumCheckSchema,
  optionalItemsBodySchema,
  payBodySchema,
  saveShoppingBodySchema,
  selectedItemsBodySchema,
  stockCheckSchema,
  validateProductStockQuerySchema,
} from './purchase.js';

/**
 * The cart (spec 000 §7 "Cart and transactions": CartShopingPending, /{module}/page/add|update|remove,
 * validateProductStock) and the checkout calls that turn its selected lines into transactions.
 */

const tags = ['marketplace: carrito y compra'];
const itemIdParams = z.object({ id: z.string().uuid({ error: 'Identificador inválido' }) });
const messageMeta = z.object({ message: z.string().optional() }).catchall(z.unknown());
const checkoutErrors = [400, 401, 403, 404, 409, 503] as const;

export const cartModuleQuerySchema = z.object({ module: cartSectionSchema.default('cart') });

/** POST /{module}/page/add, update and GET remove/{id}, for the cart and favourites. */
function modulePageRoutes<M extends 'cart' | 'favorites'>(module: M) {
  return {
    add: defineRoute({
      method: 'POST',
      path: `/api/${module}/page/add`,
      summary: 'Agregar (Comprar): va al carrito o a favoritos según cartTypeBySaleModel',
      tags,
      body: cartAddSchema,
      response: successSchema(
        cartLineSchema,
        z.object({ message: z.string(), alreadyAdded: z.boolean(), section: z.enum(['cart', 'favorites']) }),
      ),
      access: 'public',
      errors: [400, 404, 409],
    }),
    update: defineRoute({
      method: 'POST',
      path: `/api/${module}/page/update`,
      summary: `Cambiar la cantidad de un ítem (${module})`,
      tags,
      body: cartUpdateSchema,
      response: successSchema(cartLineSchema, messageMeta),
      access: 'public',
      errors: [400, 404],
    }),
    remove: defineRoute({
      method: 'GET',
      path: `/api/${module}/page/remove/:id`,
      summary: `Retirar un ítem (${module})`,
      tags,
      params: itemIdParams,
      response: successSchema(z.object({ id: z.uuid() }), messageMeta),
      access: 'public',
      errors: [400, 404],
    }),
  };
}

export const cartRoutes = {
  count: defineRoute({
    method: 'GET',
    path: '/api/cart/CartShopingPending/countItemsInShoppingCart',
    summary: 'Ítems en el carrito y en favoritos (el contador del encabezado)',
    tags,
    response: successSchema(z.object({ cart: z.number().int(), favorites: z.number().int() })),
    access: 'public',
  }),
  items: defineRoute({
    method: 'GET',
    path: '/api/cart/CartShopingPending/itemsPendingShoppingCart',
    summary: 'Líneas del carrito o de favoritos (module), con los subtotales por tienda de las seleccionadas',
    tags,
    query: cartModuleQuerySchema,
    response: successSchema(z.array(cartLineSchema), z.object({ stores: z.array(cartStoreSummarySchema) })),
    access: 'public',
    errors: [400],
  }),
  verifyMinimum: defineRoute({
    method: 'POST',
    path: '/api/cart/CartShopingPending/verifyMinimunValue',
    summary: 'Valor mínimo de compra por tienda de las líneas seleccionadas (nombra la tienda que no lo alcanza)',
    tags,
    body: optionalItemsBodySchema,
    response: successSchema(minimumCheckSchema, messageMeta),
    access: 'public',
    errors: [400],
  }),
  deleteSelected: defineRoute({
    method: 'POST',
    path: '/api/cart/CartShopingPending/deleteSelectedProducts',
    summary: 'Eliminar del carrito las líneas indicadas (responde las líneas retiradas, para deshacer)',
    tags,
    body: selectedItemsBodySchema,
    response: successSchema(z.array(cartLineSchema), messageMeta),
    access: 'public',
    errors: [400, 404],
  }),
  saveShopping: defineRoute({
    method: 'POST',
    path: '/api/cart/cartShoppingHeader/saveShopping',
    summary: 'Guardar el carrito: cantidad y selección de cada línea',
    tags,
    body: saveShoppingBodySchema,
    response: successSchema(z.array(cartLineSchema), messageMeta),
    access: 'public',
    errors: [400, 404],
  }),
  makePurchase: defineRoute({
    method: 'POST',
    path: '/api/cart/cartShoppingHeader/makePurchase',
    summary:
      'Comprar las líneas seleccionadas: una transacción por tienda; venta (modelo 1) pendiente de pago en línea, pedido (modelo 2) a confirmar por el vendedor',
    tags,
    body: checkoutBodySchema,
    response: successSchema(checkoutResultSchema, messageMeta),
    access: 'user',
    errors: checkoutErrors,
  }),
  saveOnlinePurchase: defineRoute({
    method: 'POST',
    path: '/api/cart/CartShopingPending/saveOnlinePurchase',
    summary: 'Compra en línea (modelo de venta 1) de las líneas seleccionadas, o pago de una transacción que espera pago (transactionId)',
    tags,
    body: payBodySchema,
    response: successSchema(checkoutResultSchema, messageMeta),
    access: 'user',
    errors: checkoutErrors,
  }),
  savePurchaseOrder: defineRoute({
    method: 'POST',
    path: '/api/cart/CartShopingPending/savePurchaseOrder',
    summary: 'Pedido (modelo de venta 2) de las líneas seleccionadas: el vendedor confirma y el comprador paga al confirmarse',
    tags,
    body: checkoutBodySchema,
    response: successSchema(checkoutResultSchema, messageMeta),
    access: 'user',
    errors: checkoutErrors,
  }),
  createPaymentLink: defineRoute({
    method: 'POST',
    path: '/api/cart/CartShopingPending/createPaymentLink',
    summary: 'Link de pago de las líneas seleccionadas (o de una transacción que espera pago) para pagar después o enviar a quien paga',
    tags,
    body: payBodySchema,
    response: successSchema(checkoutResultSchema, messageMeta),
    access: 'user',
    errors: checkoutErrors,
  }),
  downloadQuotation: defineRoute({
    method: 'POST',
    path: '/api/cart/CartShopingPending/downloadQuotationInCart',
    summary: 'Cotización en PDF de las líneas seleccionadas: tienda, líneas, IVA, total y fecha de validez',
    tags,
    body: optionalItemsBodySchema,
    produces: 'application/pdf',
    access: 'public',
    errors: [400, 404],
  }),
  validateProductStock: defineRoute({
    method: 'GET',
    path: '/api/cart/page/validateProductStock',
    summary: 'Verificar el stock de un producto para una cantidad (también para invitados)',
    tags,
    query: validateProductStockQuerySchema,
    response: successSchema(stockCheckSchema),
    access: 'public',
    errors: [400, 404],
  }),
  cartPage: modulePageRoutes('cart'),
  favoritesPage: modulePageRoutes('favorites'),
};
