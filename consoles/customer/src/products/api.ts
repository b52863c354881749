import { keepPreviousData, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { searchRoutes, type ProductView, type SearchByReferenceResult } from '@tuerca/contracts';
import { api } from '../app/api';
import { apiKey, useApiQuery, useRouteQuery } from '../app/queries';

/**
 * The marketplace calls of the search results: the searches through their route contracts
 * (`searchRoutes`); the cart calls through the `api` helper until the cart's contracts move to `contracts`.
 */
export const PAGE_SIZE = 20;

const COUNT_PATH = '/cart/CartShopingPending/countItemsInShoppingCart';

/** GET searchProductByReference: the part number's products and their substitutes (000 §7). */
export function useReferenceSearch(reference: string) {
  return useRouteQuery(searchRoutes.byReference, { query: { reference } }, { enabled: reference !== '' });
}

/**
 * GET products with the spec's zero-based page. Each page is its own query, so an older page that answers
 * late can never overwrite the page asked for last; the previous page stays on screen while the next loads.
 */
export function useTextSearch(text: string, page: number, enabled = true) {
  return useRouteQuery(
    searchRoutes.list,
    { query: { filter: { search: text }, page, pageSize: PAGE_SIZE } },
    { enabled, placeholderData: keepPreviousData },
  );
}

/** GET countItemsInShoppingCart: the cart and favourites counters. */
export function useCartCounts() {
  return useApiQuery<{ cart: number; favorites: number }>(COUNT_PATH);
}

/**
 * A product changed by an action of the person (added to the cart, quotation requested): every cached
 * answer that shows it shows the change, and the cart counters are asked again.
 */
export function useProductChanged() {
  const client = useQueryClient();
  return (p: ProductView) => patchProduct(client, p);
}

export function patchProduct(client: QueryClient, p: ProductView) {
  const swap = (list: ProductView[]) => list.map((x) => (x.id === p.id ? p : x));
  client.setQueriesData<{ data: ProductView[] | SearchByReferenceResult }>(
    { predicate: (q) => q.queryKey[1] === '/api/catalogo/products' || q.queryKey[1] === '/api/catalogo/products/searchProductByReference' },
    (old) => {
      if (!old) return old;
      if (Array.isArray(old.data)) return { ...old, data: swap(old.data) };
      return {
        ...old,
        data: { ...old.data, products: swap(old.data.products), productSubstitutions: swap(old.data.productSubstitutions) },
      };
    },
  );
  void client.invalidateQueries({ queryKey: apiKey(COUNT_PATH) });
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
