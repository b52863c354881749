import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { login, PASSWORD, shoot } from './helpers';

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post('/api/users/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return api;
}

test('a buyer rates the store of a delivered purchase, and the average shows next to the store in results', async ({ page, baseURL }) => {
  const seller = await apiAs(baseURL!, 'vendedor@tuerca.demo');
  const buyer = await apiAs(baseURL!, 'cliente@tuerca.demo');
  // An order-model product of Repuestos La 68, bought, confirmed, paid in cash and delivered.
  const reference = `CD${String(Date.now()).slice(-7)}`;
  const created = await seller.post('/api/catalogo/products', {
    data: {
      scenario: 'create',
      title: `Correa de distribución ${reference}`,
      manufacturer_title: 'Gates',
      referencia_1: reference,
      inventario: 10,
      actualPrice: 95000,
      salesModel: 2,
    },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { data: { id: string } }).data.id;
  const added = await buyer.post('/api/cart/page/add', { data: { productId, quantity: 1 } });
  expect(added.ok()).toBe(true);
  const lineId = ((await added.json()) as { data: { id: string } }).data.id;
  const shipping = {
    address: {
      country: 'CO',
      label: 'Taller',
      receiverName: 'Ana Gómez',
      phone: '+573005551234',
      regionCode: '11',
      regionName: 'Bogotá D.C.',
      cityCode: '11001',
      cityName: 'Bogotá D.C.',
      neighborhood: 'Las Ferias',
      postalCode: null,
      addressLine: 'Calle 68 # 12-30',
      notes: null,
    },
  };
  const placed = await buyer.post('/api/cart/CartShopingPending/savePurchaseOrder', {
    headers: { 'idempotency-key': randomUUID() },
    data: { acceptTerms: true, itemIds: [lineId], shipping },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const txId = ((await placed.json()) as { data: { transactions: { id: string }[] } }).data.transactions[0]!.id;
  const header = `/api/cart/cartShoppingHeader/${txId}`;
  expect((await seller.patch(`${header}/confirmOrder`, { data: { confirmed: true } })).ok()).toBe(true);
  expect(
    (
      await seller.post('/api/cart/TransactionPaid/makeTransactionPaid', {
        data: { transactionId: txId, paymentType: 'cash_on_delivery', reference: 'Contraentrega' },
      })
    ).ok(),
  ).toBe(true);
  expect((await seller.patch(`${header}/markDelivered`, { data: {} })).ok()).toBe(true);

  // 'Mis compras' asks for the rating; the link opens the rating page.
  await login(page, 'cliente@tuerca.demo');
  await page.goto('/compras');
  const prompt = page.getByTestId('rating-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'rating-prompt');
  await prompt.getByRole('link', { name: 'Calificar' }).first().click();
  await expect(page).toHaveURL(/\/compras\/calificar\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: '¿Cómo te fue con Repuestos La 68?' })).toBeVisible();
  // MUI's Rating draws stars over visually hidden radios: the radio is clicked as a person's click would reach it.
  const five = page.getByRole('radio', { name: '5 estrellas' });
  await five.dispatchEvent('click');
  await expect(five).toBeChecked();
  await page.getByLabel('Cuéntanos cómo te fue (opcional)').fill('Llegó completo y a tiempo.');
  await page.getByRole('button', { name: 'Enviar calificación' }).click();
  await expect(page.getByText('¡Gracias! Tu calificación de Repuestos La 68 quedó registrada.')).toBeVisible();
  await expect(page.getByTestId('rating-done')).toBeVisible();
  await shoot(page, 'rating-done');

  // The results show the store's average and count next to its name.
  await expect(async () => {
    await page.goto(`/catalogo/page/results?search=${encodeURIComponent(reference)}`);
    const row = page.getByTestId('product-row').filter({ hasText: reference }).first();
    await expect(row.getByTestId('store-rating')).toHaveText(/★\s*\d,\d \(\d+ calificaci(ón|ones)\)/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await shoot(page, 'results-store-rating');
  await seller.dispose();
  await buyer.dispose();
});
