import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, login, shoot } from './helpers';

/**
 * The demo's Chevrolet Spark GT parts (deterministic demo data): the rear brake drum only Repuestos La 68 lists,
 * the timing tensioner and the timing belt only Autopartes del Valle — so the request reaches exactly those two.
 */
const PARTS = [
  { name: 'Campana de freno trasera', reference: 'DB1843', amount: '2' },
  { name: 'Tensor de distribución', reference: 'VKM 13251', amount: '1' },
  { name: 'Correa de distribución', reference: '5237XS', amount: '1' },
];

/** Logs in to the operator console in a context of its own. */
async function console(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('menuitem', { name: 'Solicitudes de cotización' }).click();
  return page;
}

/** Answers one part in the console's answer form: the store's product found by its text, and the unit price. */
async function offer(page: Page, part: string, search: string, price: string) {
  const line = page.getByTestId('quote-request-line').filter({ hasText: part });
  await line.getByLabel('Lo tengo').check();
  const product = line.getByLabel('Producto de tu tienda');
  await product.click();
  await product.fill('');
  await product.fill(search);
  await page
    .getByRole('option', { name: new RegExp(search) })
    .first()
    .click();
  await line.getByLabel('Precio unitario').fill(price);
}

test('a workshop asks two sellers for three parts; they answer; it compares and puts the best price in the cart', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const city = `Bogotá ${Date.now().toString(36)}`;
  await login(page, 'taller@tuerca.demo');
  // The vehicle card stores the vehicle and opens the form (001 §2).
  await page.evaluate(() =>
    localStorage.setItem(
      'tuerca.currentVehicle',
      JSON.stringify({ license_plate: 'SPK150', brand: 'Chevrolet', model: 'Spark GT', year: 2015, country: 'CO' }),
    ),
  );
  await page.goto('/home/page/cotizacion?verifyShowVehicleQuotationForm');
  const form = page.getByTestId('quote-request-form');
  await expect(form.getByLabel(/^Marca/)).toHaveValue('Chevrolet');
  await expect(form.getByLabel(/^Modelo/)).toHaveValue('Spark GT');
  await expect(form.getByLabel(/^Año/)).toHaveValue('2015');
  // An empty part is refused on its field, in Spanish.
  await form.getByLabel(/^Ciudad/).fill(city);
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(form.getByText('¡Este campo es requerido!').first()).toBeVisible();
  // The field's error goes once the field is filled in.
  await form
    .getByTestId('quote-request-part')
    .first()
    .getByLabel(/^Repuesto/)
    .fill('Campana');
  await expect(form.getByText('¡Este campo es requerido!')).toHaveCount(0);
  await form
    .getByTestId('quote-request-part')
    .first()
    .getByLabel(/^Repuesto/)
    .fill('');

  for (const [i, part] of PARTS.entries()) {
    if (i > 0) await form.getByRole('button', { name: 'Agregar repuesto' }).click();
    const row = form.getByTestId('quote-request-part').nth(i);
    await row.getByLabel(/^Repuesto/).fill(part.name);
    await row.getByLabel('Número de parte (si lo sabes)').fill(part.reference);
    await row.getByLabel('Cantidad').fill(part.amount);
  }
  await form.getByLabel('Comentario para los vendedores (opcional)').fill('Lo necesito para el viernes');
  await shoot(page, 'quote-request-form');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByTestId('quote-request-sent')).toHaveText(
    'Tu solicitud llegó a 2 vendedores. Te avisaremos por WhatsApp cuando respondan.',
  );
  const answers = page.getByTestId('quote-request-answers');
  await expect(answers).toContainText('Respondieron 0 de 2 vendedores');
  await expect(answers.getByTestId('quote-offer').filter({ hasText: 'Esperando respuesta' })).toHaveCount(6);

  // Repuestos La 68 answers in the operator console: the drum, and its own timing belt for the third part.
  const seller = await console(browser, baseURL!, 'vendedor@tuerca.demo');
  await seller.locator('tr', { hasText: 'Chevrolet Spark GT 2015' }).filter({ hasText: 'Por responder' }).filter({ hasText: city }).click();
  await offer(seller, 'Campana de freno trasera', 'DB1843', '205000');
  await offer(seller, 'Correa de distribución', 'CT0352', '199000');
  await seller.screenshot({ path: 'artifacts/playwright/screenshots/admin-quote-request-answer.png', fullPage: true });
  await seller.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(seller.getByText('Respuesta enviada al cliente.')).toBeVisible();
  await expect(seller.getByText('Respondida')).toBeVisible();
  await seller.context().close();

  // The operator answers for Autopartes del Valle (it has no seller account in the demo).
  const operator = await console(browser, baseURL!, 'operador@tuerca.demo');
  await operator.locator('tr', { hasText: 'Autopartes del Valle' }).filter({ hasText: 'Por responder' }).filter({ hasText: city }).click();
  await offer(operator, 'Tensor de distribución', 'VKM 13251', '275000');
  await offer(operator, 'Correa de distribución', '5237XS', '57500');
  await operator.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(operator.getByText('Respuesta enviada al cliente.')).toBeVisible();
  await operator.context().close();

  // The workshop compares: side by side per part, the best price marked.
  await page.reload();
  await expect(answers).toContainText('Respondieron 2 de 2 vendedores');
  const belt = answers.getByTestId('quote-request-line').filter({ hasText: 'Correa de distribución' });
  const valle = belt.getByTestId('quote-offer').filter({ hasText: 'Autopartes del Valle' });
  const la68 = belt.getByTestId('quote-offer').filter({ hasText: 'Repuestos La 68' });
  await expect(valle).toContainText('57.500');
  await expect(valle).toContainText('Mejor precio');
  await expect(la68).toContainText('199.000');
  await expect(la68.getByText('Mejor precio')).toHaveCount(0);
  const drum = answers.getByTestId('quote-request-line').filter({ hasText: 'Campana de freno trasera' });
  await expect(drum.getByTestId('quote-offer').filter({ hasText: 'Autopartes del Valle' })).toContainText('No disponible');
  await shoot(page, 'quote-request-answers');

  // The best belt goes to the cart at the answered price, with the quantity asked.
  await valle.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(valle.getByRole('link', { name: 'Agregado al carrito' })).toBeVisible();
  await page.goto('/cart/page/index/cart');
  const cartLine = page.getByTestId('cart-line').filter({ hasText: 'Correa de distribución' });
  await expect(cartLine).toContainText('57.500');

  // Nothing scrolls sideways on a phone.
  await page.goto('/home/page/cotizacion');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('quote-request-row').first().click();
  await expect(answers).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('guests are asked to log in to request quotations; the VIN not-found page opens the form with its VIN', async ({ page }) => {
  await page.goto('/home/page/cotizacion?verifyShowVehicleQuotationForm');
  await expect(page.getByText('Inicia sesión para pedir cotizaciones')).toBeVisible();
  await expect(page.getByTestId('quote-request-form')).toHaveCount(0);
  await login(page, 'taller@tuerca.demo');
  // The VIN not-found page's 'Solicitar Autoparte' (001 §2) opens the form with that VIN.
  await page.goto('/catalogo/catalog/v2/search/1HGCM82633A004352');
  await page.getByRole('link', { name: 'Solicitar Autoparte' }).click();
  const form = page.getByTestId('quote-request-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('VIN (opcional)')).toHaveValue('1HGCM82633A004352');
  await expect(form.getByLabel(/^Marca/)).toHaveValue('');
});
