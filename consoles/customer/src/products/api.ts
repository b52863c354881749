import type { ProductView, SearchByReferenceResult } from '@tuerca/contracts';
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
  return api.post<{ quoteRecord?: ProductView['quoteRecord'] }>('/cart/cartShoppingHeader/makeQuotation', {
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
