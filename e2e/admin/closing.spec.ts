import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, loginToConsole, openMenu, shoot } from './helpers';

async function apiAs(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  email: string,
) {
  const context = await playwright.request.newContext({ baseURL });
  expect((await context.post('/api/users/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return context;
}

test('a seller confirms an order and records a cash payment, the buyer sees it paid, an operator assigns an adviser who finds it in the queue', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // The shopper orders an order-model product (salesModel 2) of Repuestos La 68 (the API, as the customer console does).
  const seller = await apiAs(playwright, baseURL, 'vendedor@tuerca.demo');
  const filter = encodeURIComponent(JSON.stringify({ salesModel: 2, state: 'published' }));
  const products = (await (await seller.get(`/admin-api/products?filter=${filter}&range=[0,99]&sort=["title","ASC"]`)).json()) as {
    id: string;
    storeName: string;
    inventario: number;
    available: boolean;
    hidePrices: boolean;
    cartTypeBySaleModel: string;
    minimum_order_quantity: number;
  }[];
  await seller.dispose();
  const product = products.find(
    (p) =>
      p.storeName === 'Repuestos La 68' &&
      p.inventario > 0 &&
      p.available &&
      !p.hidePrices &&
      p.cartTypeBySaleModel === 'cart' &&
      p.minimum_order_quantity <= 1,
  );
  expect(product).toBeTruthy();
  const shopper = await apiAs(playwright, baseURL, 'cliente@tuerca.demo');
  const line = await shopper.post('/api/cart/page/add', { data: { productId: product!.id, quantity: 1 } });
  expect(line.ok()).toBe(true);
  const lineId = ((await line.json()) as { data: { id: string } }).data.id;
  const placed = await shopper.post('/api/cart/CartShopingPending/savePurchaseOrder', {
    data: { itemIds: [lineId], acceptTerms: true, comment: 'Prueba de cierre' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const tx = ((await placed.json()) as { data: { transactions: { id: string; ref_venta: string; state: string }[] } }).data
    .transactions[0]!;
  expect(tx.state).toBe('awaiting_confirmation');

  // The seller's dashboard is the wallet: the order waits for confirmation there.
  await loginToConsole(page, 'vendedor@tuerca.demo');
  await expect(page.getByTestId('wallet')).toBeVisible();
  const toConfirm = page.getByTestId('wallet-to-confirm');
  await expect(toConfirm.getByRole('link', { name: tx.ref_venta })).toBeVisible();
  await shoot(page, 'seller-wallet');
  await toConfirm.getByRole('link', { name: tx.ref_venta }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions/${tx.id}/show$`));
  await expect(page.getByTestId('transaction-state')).toHaveText('Por confirmar');

  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(page.getByText(`Pedido ${tx.ref_venta} confirmado: le pedimos al comprador que pague.`)).toBeVisible();
  await expect(page.getByTestId('transaction-state')).toHaveText('Pendiente de pago');

  // A cash payment (cash on delivery) for the whole balance.
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Medio de pago' })).toHaveText('Pago contra entrega');
  await dialog.getByLabel('Comprobante o referencia').fill('Recibo 0042');
  await shoot(page, 'seller-record-payment');
  await dialog.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(page.getByText(`Pago registrado: la compra ${tx.ref_venta} quedó pagada.`)).toBeVisible();
  await expect(page.getByTestId('transaction-state')).toHaveText('Pagada');
  await expect(page.getByTestId('payments')).toContainText('Pago contra entrega');
  await expect(page.getByTestId('timeline')).toContainText('El vendedor confirmó el pedido');
  await shoot(page, 'seller-transaction-paid');

  // The buyer's view of the purchase (loadTransaction): paid, with the cash payment.
  const seen = (await (await shopper.get(`/api/cart/cartShoppingHeader/${tx.id}/loadTransaction`)).json()) as {
    data: { state: string; payments: { method: string; reversedAt: string | null }[] };
  };
  expect(seen.data.state).toBe('paid');
  expect(seen.data.payments).toMatchObject([{ method: 'cash_on_delivery', reversedAt: null }]);
  await shopper.dispose();

  // An operator assigns the adviser.
  const operatorContext = await browser.newContext({ baseURL });
  try {
    const operator = await operatorContext.newPage();
    await loginToConsole(operator, 'operador@tuerca.demo');
    await operator.goto(`/admin/transactions/${tx.id}/show`);
    await expect(operator.getByTestId('transaction-ref')).toHaveText(tx.ref_venta);
    await operator.getByRole('button', { name: 'Asignar asesor' }).click();
    const assign = operator.getByRole('dialog');
    await assign.getByRole('combobox', { name: 'Asesor' }).click();
    await operator.getByRole('option', { name: 'asesor@tuerca.demo' }).click();
    await assign.getByRole('button', { name: 'Asignar asesor' }).click();
    await expect(operator.getByText('Asesor asignado.')).toBeVisible();
    await expect(operator.getByTestId('timeline')).toContainText('Asesor asignado');
    await shoot(operator, 'operator-assign-adviser');
  } finally {
    await operatorContext.close();
  }

  // The adviser finds it in the queue.
  const adviserContext = await browser.newContext({ baseURL });
  try {
    const adviser = await adviserContext.newPage();
    await loginToConsole(adviser, 'asesor@tuerca.demo');
    await openMenu(adviser, 'Mi cola');
    await expect(adviser).toHaveURL(/\/admin\/adviser-queue/);
    await expect(adviser.getByRole('cell', { name: tx.ref_venta })).toBeVisible();
    await shoot(adviser, 'adviser-queue');
  } finally {
    await adviserContext.close();
  }
});
