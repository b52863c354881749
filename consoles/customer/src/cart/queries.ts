import { useQueryClient } from '@tanstack/react-query';
import { cartRoutes, purchasesRoutes, type CartLine, type CheckoutBody, type PayBody } from '@tuerca/contracts';
import { ApiError } from '../app/api';
import { routeKey, useRouteMutation, useRouteQuery } from '../app/queries';

/**
 * The cart and the buyer's transactions through their route contracts (spec 000 §7 "Cart and transactions"):
 * the header counter, the cart's lines with each store's subtotals, selection, removal with undo, the
 * checkout and 'Mis compras'.
 */

export type CartSection = 'cart' | 'favorites';

/** The header's counter (GET countItemsInShoppingCart); the results page's chips share its cache entry. */
export function useCartCount() {
  return useRouteQuery(cartRoutes.count, {}, { staleTime: 30_000 });
}

/** GET itemsPendingShoppingCart: the lines and, in metadata, each store's part of the selected lines. */
export function useCartLines(section: CartSection, enabled = true) {
  return useRouteQuery(cartRoutes.items, { query: { module: section } }, { enabled });
}

/** Everything the cart changes: its lines, its counter, and the transactions a checkout makes. */
export function useInvalidateCart() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: routeKey(cartRoutes.items).slice(0, 2) }),
      client.invalidateQueries({ queryKey: routeKey(cartRoutes.count).slice(0, 2) }),
      client.invalidateQueries({ queryKey: routeKey(purchasesRoutes.list).slice(0, 2) }),
    ]);
}

/** saveShopping: each line's quantity and whether it is selected for the checkout. */
export function useSaveCart() {
  const invalidate = useInvalidateCart();
  return useRouteMutation(
    cartRoutes.saveShopping,
    (lines: CartLine[]) => ({
      body: { items: lines.map((l) => ({ id: l.id, quantity: l.quantity, selected: l.selected })) },
    }),
    { onSettled: () => invalidate() },
  );
}

/** POST /{module}/page/update: a line's new quantity. */
export function useUpdateQuantity(section: CartSection) {
  const invalidate = useInvalidateCart();
  const route = section === 'favorites' ? cartRoutes.favoritesPage.update : cartRoutes.cartPage.update;
  return useRouteMutation(route, ({ id, quantity }: { id: string; quantity: number }) => ({ body: { id, quantity } }), {
    onSuccess: () => invalidate(),
  });
}

/** deleteSelectedProducts: answers the removed lines, which 'Deshacer' adds back. */
export function useDeleteLines() {
  const invalidate = useInvalidateCart();
  return useRouteMutation(cartRoutes.deleteSelected, (itemIds: string[]) => ({ body: { itemIds } }), {
    onSuccess: () => invalidate(),
  });
}

/** Undo of a removal: each removed line is added again with its quantity (and its quotation). */
export function useRestoreLines(section: CartSection) {
  const invalidate = useInvalidateCart();
  const route = section === 'favorites' ? cartRoutes.favoritesPage.add : cartRoutes.cartPage.add;
  return useRouteMutation(
    route,
    (line: CartLine) => ({
      body: { productId: line.productId, quantity: line.quantity, ...(line.quotationId ? { quotationId: line.quotationId } : {}) },
    }),
    { onSettled: () => invalidate() },
  );
}

/** verifyMinimunValue: each store of the selected lines against its minimum purchase value. */
export function useVerifyMinimum() {
  return useRouteMutation(cartRoutes.verifyMinimum, () => ({ body: {} }));
}

/**
 * makePurchase: the selected lines become one transaction per store and way of closing the sale. The
 * checkout page makes one Idempotency-Key when it opens, so a double click or a retry answers the first.
 */
export function useMakePurchase(idempotencyKey: string) {
  const invalidate = useInvalidateCart();
  return useRouteMutation(cartRoutes.makePurchase, (body: CheckoutBody) => ({ body }), {
    idempotencyKey: () => idempotencyKey,
    onSuccess: () => invalidate(),
  });
}

/** saveOnlinePurchase of an existing transaction awaiting payment (a payment request is made or reused). */
export function usePayTransaction() {
  const invalidate = useInvalidateCart();
  return useRouteMutation(cartRoutes.saveOnlinePurchase, (body: PayBody) => ({ body }), { onSuccess: () => invalidate() });
}

/**
 * POST downloadQuotationInCart: the PDF of the selected lines, saved through a temporary link (the call is
 * a POST, so a plain link cannot fetch it).
 */
export async function downloadCartQuotation(): Promise<void> {
  const res = await fetch(cartRoutes.downloadQuotation.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/pdf' },
    body: '{}',
  });
  if (!res.ok) {
    const e = (await res.json().catch(() => ({}))) as { message?: string; errors?: string[] };
    throw new ApiError(res.status, e.message ?? res.statusText, e.errors ?? []);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'cotizacion-tuerca.pdf';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The buyer's transactions (listAllTransactions), by scope: open, paid, closed, or all. */
export function usePurchases(scope: 'all' | 'open' | 'paid' | 'closed', page: number, enabled: boolean) {
  return useRouteQuery(
    purchasesRoutes.list,
    { query: { page, pageSize: 20, ...(scope === 'all' ? {} : { scopes: [scope] }) } },
    { enabled },
  );
}

/** loadTransaction; `poll` asks again while a payment is awaited (the gateway's answer arrives as an event). */
export function usePurchase(id: string, options: { enabled: boolean; poll?: boolean }) {
  return useRouteQuery(
    purchasesRoutes.load,
    { params: { id } },
    {
      enabled: options.enabled,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchInterval: (q) =>
        options.poll && q.state.data?.data.state === 'pending_payment' && q.state.dataUpdateCount < 40 ? 1500 : false,
    },
  );
}

export function useCancelPurchase() {
  const invalidate = useInvalidateCart();
  const client = useQueryClient();
  return useRouteMutation(purchasesRoutes.cancel, (id: string) => ({ params: { id }, body: { state: 'cancelled' as const } }), {
    onSuccess: () => Promise.all([invalidate(), client.invalidateQueries({ queryKey: routeKey(purchasesRoutes.load).slice(0, 2) })]),
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useRouteMutation(purchasesRoutes.changeReadStatus, (id: string) => ({ params: { id }, body: { isRead: true } }), {
    onSuccess: () => client.invalidateQueries({ queryKey: routeKey(purchasesRoutes.unread).slice(0, 2) }),
  });
}
