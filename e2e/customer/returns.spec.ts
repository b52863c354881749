import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, PASSWORD, shoot } from './helpers';

/**
 * Issue #13, returns (derecho de retracto) and the unread bells, in the browser: the buyer finds the delivered
 * purchase through the header's bell, asks for a return in 'Mis compras'; the seller finds the request through
 * the operator console's bell, rejects it with a reason; the buyer reads the reason, asks again; the seller
 * accepts; the buyer sees the purchase returned.
 */

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post('/api/users/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return api;
}

async function loginToConsole(page: Page, email: string) {
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Perfil' }).or(page.getByLabel('Perfil'))).toBeVisible();
}

/** A delivered order-model purchase of Repuestos La 68 by the demo customer, paid in cash (through the API). */
async function deliveredPurchase(seller: APIRequestContext, buyer: APIRequestContext) {
  const reference = `DV${String(Date.now()).slice(-7)}`;
  const created = await seller.post('/api/catalogo/products', {
    data: {
      scenario: 'create',
      title: `Bomba de agua ${reference}`,
      manufacturer_title: 'Gates',
      referencia_1: reference,
      inventario: 5,
      actualPrice: 182000,
      salesModel: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { data: { id: string } }).data.id;
  const added = await buyer.post('/api/cart/page/add', { data: { productId, quantity: 1 } });
  expect(added.ok()).toBe(true);
  const lineId = ((await added.json()) as { data: { id: string } }).data.id;
  const placed = await buyer.post('/api/cart/CartShopingPending/savePurchaseOrder', {
    headers: { 'idempotency-key': randomUUID() },
    data: { acceptTerms: true, itemIds: [lineId], comment: 'Prueba de devolución' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const tx = ((await placed.json()) as { data: { transactions: { id: string; ref_venta: string }[] } }).data.transactions[0]!;
  const header = `/api/cart/cartShoppingHeader/${tx.id}`;
  expect((await seller.patch(`${header}/confirmOrder`, { data: { confirmed: true } })).ok()).toBe(true);
  const paid = await seller.post('/api/cart/TransactionPaid/makeTransactionPaid', {
    data: { transactionId: tx.id, paymentType: 'cash_on_delivery', reference: 'Recibo 7781' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  expect((await seller.patch(`${header}/markDelivered`, { data: {} })).ok()).toBe(true);
  return { ...tx, productId };
}

/** Closes the bell's menu as a click beside it does (on its backdrop; the console's side menu is a `menu` too). */
async function closeMenu(page: Page) {
  await page.locator('.MuiMenu-root .MuiBackdrop-root').click({ position: { x: 10, y: 10 } });
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
}

/** The seller decides the open return from the transaction's page (reached through the bell). */
async function decideFromBell(page: Page, ref: string, decision: { accept: boolean; reason?: string }) {
  await page.goto('/admin/');
  const bell = page.getByTestId('seller-bell');
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('seller-bell-count')).not.toHaveText(/^\s*$/);
  await bell.click();
  const item = page.getByTestId('seller-bell-return').filter({ hasText: ref });
  await expect(item).toBeVisible();
  await shoot(page, 'seller-bell-return');
  await item.click();
  await expect(page.getByTestId('transaction-ref')).toHaveText(ref);
  // Opening it marked it read: the request is no longer in the bell.
  await expect(async () => {
    await page.getByTestId('seller-bell').click();
    await expect(page.locator('.MuiMenu-root [role="menu"]')).toBeVisible();
    try {
      await expect(page.getByTestId('seller-bell-return').filter({ hasText: ref })).toHaveCount(0, { timeout: 1_000 });
    } finally {
      await closeMenu(page);
    }
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Decidir' }).click();
  const dialog = page.getByRole('dialog');
  if (decision.reason) await dialog.getByLabel('Motivo (obligatorio para rechazar)').fill(decision.reason);
  await dialog.getByRole('button', { name: decision.accept ? 'Aceptar devolución' : 'Rechazar devolución' }).click();
  await expect(page.getByText(decision.accept ? /Devolución aceptada/ : 'Devolución rechazada.').first()).toBeVisible();
}

test('a buyer asks for a return in Mis compras, the seller rejects it with a reason and then accepts it; the bells lead each one to it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const seller = await apiAs(baseURL!, 'vendedor@tuerca.demo');
  const buyer = await apiAs(baseURL!, 'cliente@tuerca.demo');
  const tx = await deliveredPurchase(seller, buyer);

  // The buyer's bell counts the delivered purchase (it changed since the buyer last saw it) and leads to it.
  await login(page, 'cliente@tuerca.demo');
  const bellCount = page.getByTestId('bell-count');
  await expect(bellCount).not.toHaveText(/^\s*$/);
  await page.getByTestId('header-bell').click();
  const item = page.getByTestId('bell-item').filter({ hasText: tx.ref_venta });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Pagada');
  await shoot(page, 'bell-open');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/compras/${tx.id}$`));
  // Opening it marked it read: it left the bell.
  await expect
    .poll(async () => {
      const res = await buyer.get('/api/cart/CartShoppingHeader/getUnreadTransactions');
      const body = (await res.json()) as { data: { transactions: { id: string }[] } };
      return body.data.transactions.some((x) => x.id === tx.id);
    })
    .toBe(false);
  await page.getByTestId('header-bell').click();
  await expect(page.getByTestId('bell-item').filter({ hasText: tx.ref_venta })).toHaveCount(0);
  await closeMenu(page);

  // The return block: delivered, the last day of the window, the request.
  const block = page.getByTestId('purchase-returns');
  await expect(block).toContainText('Entregada el');
  await expect(block.getByTestId('return-deadline')).toContainText(
    /Puedes pedir la devolución hasta el \d{1,2} de [a-z]+ de \d{4} \(5 días hábiles desde la entrega, derecho de retracto\)\./,
  );
  await block.getByRole('button', { name: 'Pedir devolución' }).click();
  const dialog = page.getByRole('dialog', { name: `Pedir la devolución de ${tx.ref_venta}` });
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(dialog.getByText('Cuéntanos por qué devuelves la compra (al menos 5 caracteres).')).toBeVisible();
  await dialog.getByLabel('¿Por qué devuelves la compra?').fill('La bomba no corresponde al motor de mi carro.');
  await shoot(page, 'return-request');
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText('Devolución pedida: la tienda te responderá.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(block.getByTestId('return-state')).toHaveText('Pedida');
  await expect(block).toContainText('La tienda está revisando tu solicitud.');
  await expect(block.getByRole('button', { name: 'Pedir devolución' })).toHaveCount(0);
  // The same request a second time is refused in Spanish (one open request per purchase).
  const again = await buyer.post(`/api/cart/cartShoppingHeader/${tx.id}/requestReturn`, { data: { reason: 'Otra vez la misma' } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { errors: string[] }).errors).toEqual([
    'Ya pediste la devolución de esta compra: la tienda la está revisando.',
  ]);

  // The seller finds the request through the operator console's bell and rejects it with a reason.
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  try {
    await loginToConsole(sellerPage, 'vendedor@tuerca.demo');
    await decideFromBell(sellerPage, tx.ref_venta, {
      accept: false,
      reason: 'La caja llegó abierta y la pieza tiene marcas de instalación.',
    });
    await expect(sellerPage.getByText('Rechazada').first()).toBeVisible();

    // The buyer's bell brings the answer back; the reason shows in the purchase.
    await page.goto('/compras');
    await page.getByTestId('header-bell').click();
    await page.getByTestId('bell-item').filter({ hasText: tx.ref_venta }).click();
    await expect(block.getByTestId('return-state')).toHaveText('Rechazada');
    await expect(block.getByTestId('return-store-reason')).toHaveText(
      'Motivo de la tienda: La caja llegó abierta y la pieza tiene marcas de instalación.',
    );
    await shoot(page, 'return-rejected');

    // Within the window the buyer may ask again; this time the seller accepts.
    await block.getByRole('button', { name: 'Pedir devolución' }).click();
    await page.getByLabel('¿Por qué devuelves la compra?').fill('Adjunto fotos: la caja venía abierta desde el envío.');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Devolución pedida: la tienda te responderá.')).toBeVisible();
    await decideFromBell(sellerPage, tx.ref_venta, { accept: true });
    await expect(sellerPage.getByTestId('transaction-state')).toHaveText('Devuelta');
    await shoot(sellerPage, 'seller-return-accepted');
  } finally {
    await sellerContext.close();
  }

  await page.reload();
  await expect(page.getByTestId('purchase-state')).toHaveText('Devuelta');
  await expect(block.getByTestId('return-state')).toHaveText(['Rechazada', 'Aceptada']);
  await expect(block).toContainText('La tienda aceptó la devolución: el pago quedó reversado.');
  await expect(block.getByTestId('return-problem')).toHaveText('Esta compra ya fue devuelta.');
  await expect(page.getByTestId('purchase-payment-row')).toContainText(/Recibo 7781 .* · reversado el \d/);
  await shoot(page, 'return-accepted');
  // Nothing scrolls sideways on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The accepted return put the unit back in stock.
  const product = await seller.get(`/admin-api/products/${tx.productId}`);
  expect(((await product.json()) as { inventario: number }).inventario).toBe(5);
  await seller.dispose();
  await buyer.dispose();
});
