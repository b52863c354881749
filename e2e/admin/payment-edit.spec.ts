import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, loginToConsole, shoot } from './helpers';

async function apiAs(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  email: string,
) {
  const context = await playwright.request.newContext({ baseURL });
  expect((await context.post('/api/users/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return context;
}

/**
 * Issue #13 in the operator console: the seller's bell in the app bar (the wallet's unread counts) leads to a sale
 * that changed, opening it marks it read, 'Marcar todo como leído' empties it; a payment recorded by hand is edited
 * with its rules (receipt, notes and date only; the date never in the future).
 */
test('the seller bell leads to a paid sale, and a cash payment is edited with its rules', async ({ page, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const seller = await apiAs(playwright, baseURL, 'vendedor@tuerca.demo');
  const buyer = await apiAs(playwright, baseURL, 'cliente@tuerca.demo');
  const reference = `PE${String(Date.now()).slice(-7)}`;
  const created = await seller.post('/api/catalogo/products', {
    data: {
      scenario: 'create',
      title: `Kit de embrague ${reference}`,
      manufacturer_title: 'Valeo',
      referencia_1: reference,
      inventario: 3,
      actualPrice: 410000,
      salesModel: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { data: { id: string } }).data.id;
  const added = await buyer.post('/api/cart/page/add', { data: { productId, quantity: 1 } });
  const lineId = ((await added.json()) as { data: { id: string } }).data.id;
  const placed = await buyer.post('/api/cart/CartShopingPending/savePurchaseOrder', {
    headers: { 'idempotency-key': randomUUID() },
    data: { acceptTerms: true, itemIds: [lineId] },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const tx = ((await placed.json()) as { data: { transactions: { id: string; ref_venta: string }[] } }).data.transactions[0]!;
  expect((await seller.patch(`/api/cart/cartShoppingHeader/${tx.id}/confirmOrder`, { data: { confirmed: true } })).ok()).toBe(true);
  const paid = await seller.post('/api/cart/TransactionPaid/makeTransactionPaid', {
    data: { transactionId: tx.id, paymentType: 'bank_transfer', reference: 'Transferencia 1', notes: 'Bancolombia' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const paidCents = ((await paid.json()) as { data: { amountCents: number } }).data.amountCents;
  await buyer.dispose();

  // The bell: the sale that was just paid is there; opening it marks it read.
  await loginToConsole(page, 'vendedor@tuerca.demo');
  const bell = page.getByTestId('seller-bell');
  await expect(page.getByTestId('seller-bell-count')).not.toHaveText(/^\s*$/);
  await bell.click();
  const item = page.getByTestId('seller-bell-sale').filter({ hasText: tx.ref_venta });
  await expect(item).toContainText('Pagada');
  await shoot(page, 'seller-bell', { fullPage: false });
  await item.click();
  await expect(page.getByTestId('transaction-ref')).toHaveText(tx.ref_venta);
  await expect
    .poll(async () => {
      const res = await seller.get(`/admin-api/transactions/${tx.id}`);
      return ((await res.json()) as { sellerUnread: boolean }).sellerUnread;
    })
    .toBe(false);

  // Editing the transfer: the amount and type are fixed, a future date is refused, then the receipt is corrected.
  const payments = page.getByTestId('payments');
  await expect(payments).toContainText('Transferencia bancaria');
  await payments.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar el pago registrado' });
  await expect(dialog.getByTestId('edit-payment-fixed')).toContainText(`${tx.ref_venta} · Transferencia bancaria`);
  await expect(dialog).toContainText('El valor y el medio de pago no se editan');
  await dialog.getByLabel('Comprobante o referencia').fill('Transferencia 0099-BC');
  const future = new Date(Date.now() + 3 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await dialog
    .getByLabel('Fecha en que se recibió')
    .fill(`${future.getFullYear()}-${pad(future.getMonth() + 1)}-${pad(future.getDate())}T10:30`);
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog.getByTestId('edit-payment-error')).toHaveText('La fecha del pago no puede ser futura.');
  const earlier = new Date(Date.now() - 86_400_000);
  await dialog
    .getByLabel('Fecha en que se recibió')
    .fill(`${earlier.getFullYear()}-${pad(earlier.getMonth() + 1)}-${pad(earlier.getDate())}T09:15`);
  await shoot(page, 'seller-edit-payment', { fullPage: false });
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Pago actualizado.')).toBeVisible();
  await expect(payments).toContainText('Transferencia 0099-BC');
  const record = (await (
    await seller.get(`/admin-api/transaction-paid?filter=${encodeURIComponent(JSON.stringify({ transactionId: tx.id }))}`)
  ).json()) as {
    reference: string;
    notes: string;
    amountCents: number;
    receivedAt: string;
  }[];
  expect(record).toHaveLength(1);
  expect(record[0]).toMatchObject({ reference: 'Transferencia 0099-BC', notes: 'Bancolombia', amountCents: paidCents });
  expect(new Date(record[0]!.receivedAt).getTime()).toBeLessThan(Date.now());

  // Marked unread again (isRead false), the sale is back in the bell; 'Marcar todo como leído' leaves nothing unread.
  const unread = await seller.patch(`/api/cart/cartShoppingHeader/${tx.id}/changeReadInWalletStatus`, {
    data: { scenario: 'sales', isRead: false },
  });
  expect(unread.ok()).toBe(true);
  await page.goto('/admin/');
  await expect(page.getByTestId('wallet')).toBeVisible();
  await expect(page.getByTestId('seller-bell-count')).not.toHaveText(/^\s*$/);
  await bell.click();
  await expect(page.getByTestId('seller-bell-sale').filter({ hasText: tx.ref_venta })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Marcar todo como leído' }).click();
  await expect(page.getByText(/marcadas? como leídas?/)).toBeVisible();
  await expect
    .poll(async () => {
      const res = await seller.get('/api/cart/cartShoppingHeader/getIndicatorsWallet');
      const w = (await res.json()) as { data: { unread: { sales: number; returns: number } } };
      return w.data.unread.sales + w.data.unread.returns;
    })
    .toBe(0);
  await expect(page.getByTestId('seller-bell')).toHaveAccessibleName('Novedades de la tienda: 0 sin leer');
  await seller.dispose();
});
