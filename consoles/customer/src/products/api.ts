import type { CartItemView, ProductView, SearchByReferenceResult } from '@tuerca/contracts';
import { api } from '../app/api';

export const PAGE_SIZE = 20;

export function searchByReference(reference: string) {
  return api.get<SearchByReferenceResult>('/catalogo/products/searchProductByReference', { reference });
}

export function searchProducts(text: string, page: number) {
  return api.get<ProductView[], { total?: number; page?: number; pageSize?: number }>('/catalogo/products', {
    filter: JSON.stringify({ search: text }),
    page,
    pageSize: PAGE_SIZE,
  });
}

export function makeQuotation(productId: string, quantity: string) {
  return api.post<{ quotationId?: string; quoteRecord?: ProductView['quoteRecord'] }>('/cart/cartShoppingHeader/makeQuotation', {
    quantityquotation: quantity,
    productidquotation: productId,
  });
}

export function addToCart(productId: string, quantity: number, quotationId?: string) {
  return api.post<{ section?: 'cart' | 'favorites' }>('/cart/page/add', { productId, quantity, ...(quotationId ? { quotationId } : {}) });
}

export function countCartItems() {
  return api.get<{ cart: number; favorites: number }>('/cart/CartShopingPending/countItemsInShoppingCart');
}

export type CartSectionName = 'cart' | 'favorites';

/** GET itemsPendingShoppingCart: the lines of the cart or favourites. */
export function cartItems(module: CartSectionName) {
  return api.get<CartItemView[]>('/cart/CartShopingPending/itemsPendingShoppingCart', { module });
}

/** POST /{module}/page/update {id, quantity}. */
export function updateCartItem(module: CartSectionName, id: string, quantity: number) {
  return api.post<CartItemView>(`/${module}/page/update`, { id, quantity });
}

/** GET /{module}/page/remove/{id}. */
export function removeCartItem(module: CartSectionName, id: string) {
  return api.get<{ id: string }>(`/${module}/page/remove/${id}`);
}

export interface MinimumCheck {
  ok: boolean;
  stores: { storeId: string; storeName: string; total: number; minimum: number; currency: string; ok: boolean }[];
}

/** POST verifyMinimunValue: each store's cart total against its minimum purchase value. */
export function verifyMinimumValue() {
  return api.post<MinimumCheck, { message?: string }>('/cart/CartShopingPending/verifyMinimunValue', {});
}

/** POST makeOrder for an answered quotation (000 §2, §5: comment, terms checkbox). */
export function makeOrder(body: { quotationId: string; comment: string; quantityOrder: number; acceptTerms: boolean }) {
  return api.post<{ id: string; ref_venta: string; total: number; currency: string; quantity: number }, { message?: string }>(
    '/cart/cartShoppingHeader/makeOrder',
    body,
  );
}

/** POST /catalogo/products/{id}/serviceOrderPrice (000 §5). */
export function saveServiceOrderPrice(productId: string, body: { type_price: string; price?: number; utility?: number }) {
  return api.post<unknown, { message?: string }>(`/catalogo/products/${productId}/serviceOrderPrice`, body);
}
