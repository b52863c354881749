import { expect, test } from '@playwright/test';
import { PASSWORD, loginToConsole, openMenu, requestQuotation, shoot, shopperProduct } from './helpers';

test('a seller answers a quotation in the console and the shopper’s result changes state', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // The shopper asks the seller's store to confirm the stock of a quotation product (the API, as the customer console does).
  const product = await requestQuotation(playwright, baseURL);
  expect((await shopperProduct(playwright, baseURL, product.id)).quoteRecord).toMatchObject({ seller_response: 0, not_available: 0 });

  await loginToConsole(page, 'vendedor@tuerca.demo');
  await openMenu(page, 'Cotizaciones');
  await expect(page).toHaveURL(/\/admin\/quotations/);
  const row = page.locator('tr', { hasText: product.title }).filter({ hasText: 'En espera' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td.column-customerName')).toHaveText('Camila Rodríguez');
  await expect(row.locator('td.column-storeName')).toHaveText('Repuestos La 68');
  await shoot(page, 'seller-quotations');

  await row.getByRole('button', { name: 'Responder' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(product.title);
  await dialog.getByLabel('Horas que el cliente tiene para comprar').fill('12');
  await shoot(page, 'seller-quotation-answer');
  await dialog.getByRole('button', { name: 'Hay disponibilidad', exact: true }).click();
  await expect(page.getByText('La cotización quedó respondida')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The list keeps its «En espera» filter off by default: the answered row now reads «Disponible», 12 hours.
  const answered = page.locator('tr', { hasText: product.title });
  await expect(answered.locator('td.column-state')).toHaveText('Disponible');
  await expect(answered.locator('td.column-remainingTime')).toHaveText('12');
  await expect(answered.getByRole('button', { name: 'Responder' })).toHaveCount(0);
  await shoot(page, 'seller-quotation-answered');

  // The shopper's product (GET /api/catalogo/products/:id) now carries the seller's answer.
  const seen = await shopperProduct(playwright, baseURL, product.id);
  expect(seen.quoteRecord).toMatchObject({ seller_response: 1, not_available: 0 });
  expect(seen.quoteRecord?.expiresAt).toBeTruthy();

  // The customer console (served at '/') shows it too: the quotation product can now be added to the cart.
  const shopper = await browser.newContext({ baseURL });
  try {
    const customer = await shopper.newPage();
    await customer.goto('/users/page/login');
    await customer.getByLabel('Correo electrónico').fill('cliente@tuerca.demo');
    await customer.getByLabel('Contraseña').fill(PASSWORD);
    await customer.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await customer.getByTestId('account-button').waitFor();
    await customer.goto(`/catalogo/page/results?search=${encodeURIComponent(product.reference)}`);
    // The same title may be sold by several stores: the row of 'Repuestos La 68'.
    const result = customer.getByRole('row').filter({ hasText: product.title }).filter({ hasText: 'Repuestos La 68' }).first();
    await expect(result).toBeVisible();
    // The window the seller gave (12 hours), counting down: «Tiempo restante para comprar: 11 h 59 min».
    await expect(
      result.getByText(/Tiempo restante para comprar: 1[12] h|Puedes comprar este producto durante las próximas 12 horas/),
    ).toBeVisible();
    await expect(result.getByRole('button', { name: 'Agregar' })).toBeVisible();
    await expect(result.getByText('Confirmando disponibilidad')).toHaveCount(0);
    await shoot(customer, 'shopper-quotation-answered');
  } finally {
    await shopper.close();
  }
});
