import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, PASSWORD, shoot } from './helpers';

interface Product {
  id: string;
  title: string;
  referencia_1: string | null;
  inventario: number;
  quotationMaxQuantity: number | null;
  quoteRecord: unknown;
  actualPrice: number | null;
}

async function sellerContext(baseURL: string): Promise<{ api: APIRequestContext; storeId: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/users/auth/login', { data: { email: 'vendedor@tuerca.demo', password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { user: { storeId: string } } };
  return { api, storeId: body.data.user.storeId };
}

/** A quotation product of the seller's store the shopper has no open request for. */
async function quotationProduct(page: Page, storeId: string, minMax = 2): Promise<Product> {
  const res = await page.request.get('/api/catalogo/products', {
    params: { filter: JSON.stringify({ storeId, salesModel: 3, onlyAvailable: true }), pageSize: 60, page: 0 },
  });
  const products = ((await res.json()) as { data: Product[] }).data;
  const product = products.find(
    (p) => p.quoteRecord === null && p.referencia_1 && p.actualPrice !== null && (p.quotationMaxQuantity ?? p.inventario) >= minMax,
  );
  expect(product, 'a quotation product of the demo store').toBeTruthy();
  return product!;
}

test('a quotation answered by the seller can be added (capped) to the cart and ordered', async ({ page, baseURL }) => {
  await login(page, 'cliente@tuerca.demo');
  const seller = await sellerContext(baseURL!);
  const product = await quotationProduct(page, seller.storeId);
  const max = product.quotationMaxQuantity ?? product.inventario;

  await page.goto(`/catalogo/page/results?search=${encodeURIComponent(product.referencia_1!)}`);
  const row = page.getByTestId('product-row').filter({ hasText: product.title }).first();
  await expect(row).toBeVisible();
  await row.getByRole('spinbutton').fill('1');
  const quoted = page.waitForResponse((r) => r.url().includes('/cartShoppingHeader/makeQuotation') && r.ok());
  await row.getByRole('button', { name: 'Confirmar' }).click();
  const quotationId = ((await (await quoted).json()) as { data: { quotationId: string } }).data.quotationId;
  await expect(row.getByText('Confirmando disponibilidad. Espera respuesta en tu WhatsApp')).toBeVisible();

  // The seller answers through the API: available for 24 hours.
  const answer = await seller.api.post('/api/cart/page/sendQuotationToClientAjax', { data: { quotationId, remainingTime: 24 } });
  expect(answer.ok()).toBe(true);
  await seller.api.dispose();

  await page.reload();
  const answered = page.getByTestId('product-row').filter({ hasText: product.title }).first();
  await expect(answered.getByRole('button', { name: 'Agregar' })).toBeVisible();
  await expect(answered.getByTestId('quotation-remaining')).toHaveText(/Tiempo restante para comprar: 2[34] h \d+ min/);
  await shoot(page, 'quotation-answered');

  // 'Agregar' is capped at quotationMaxQuantity.
  const qty = answered.getByRole('spinbutton');
  await expect(qty).toHaveAttribute('max', String(max));
  await qty.fill(String(max + 1));
  await answered.getByRole('button', { name: 'Agregar' }).click();
  await expect(answered.getByText(`La cantidad disponible es de ${max} unidades. Intenta con una cantidad menor.`)).toBeVisible();
  await qty.fill('2');
  await answered.getByRole('button', { name: 'Agregar' }).click();
  await expect(answered.getByText('ya fue agregado')).toBeVisible();

  // The marketplace order dialog: comment, terms checkbox.
  await answered.getByRole('button', { name: 'Hacer pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Realizar pedido' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Comentario').fill('Entregar en el taller antes de las 5 p. m.');
  await dialog.getByLabel('Cantidad a pedir').fill('1');
  await dialog.getByRole('button', { name: 'Hacer pedido' }).click();
  await expect(dialog.getByText('Debes aceptar los términos y condiciones para continuar con el pedido')).toBeVisible();
  await dialog.getByLabel('Acepto los términos y condiciones').check();
  await shoot(page, 'order-dialog');
  await dialog.getByRole('button', { name: 'Hacer pedido' }).click();
  await expect(page.getByText(/Pedido TU-\d+ realizado/)).toBeVisible();
  await expect(dialog).toBeHidden();

  // 'ya fue agregado' leads to the cart page.
  await page.goto(`/catalogo/page/results?search=${encodeURIComponent(product.referencia_1!)}`);
  await page.getByRole('link', { name: /^Carrito: / }).click();
  await expect(page).toHaveURL(/\/cart\/page\/index\/cart$/);
  // An ordered quotation's line leaves the cart: it cannot be ordered twice (#12).
  await expect(page.getByRole('heading', { name: 'Carrito de compras', level: 1 })).toBeVisible();
  await expect(page.getByTestId('cart-line').filter({ hasText: product.title })).toHaveCount(0);
});

test('the cart page lists lines per store, changes quantities, removes and checks the minimum value', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  // Two sale-model products of different stores in the cart.
  const res = await page.request.get('/api/catalogo/products', {
    params: { filter: JSON.stringify({ search: 'filtro', salesModel: 1, onlyAvailable: true }), pageSize: 40, page: 0 },
  });
  const list = ((await res.json()) as { data: (Product & { store: { id: string }; minimum_order_quantity: number })[] }).data;
  const picked: typeof list = [];
  for (const p of list)
    if (p.inventario >= 3 && p.minimum_order_quantity <= 1 && p.actualPrice !== null && !picked.some((x) => x.store.id === p.store.id))
      picked.push(p);
  expect(picked.length).toBeGreaterThanOrEqual(2);
  for (const p of picked.slice(0, 2)) {
    const added = await page.request.post('/api/cart/page/add', { data: { productId: p.id, quantity: 1 } });
    expect(added.ok()).toBe(true);
  }
  const [first, second] = picked;

  await page.goto('/cart/page/index/cart');
  await expect(page.getByRole('heading', { name: 'Carrito de compras', level: 1 })).toBeVisible();
  await expect(page.getByTestId('cart-store').first()).toBeVisible();
  const line = page.getByTestId('cart-line').filter({ hasText: first!.title });
  await expect(line).toBeVisible();
  await expect(page.getByTestId('cart-line').filter({ hasText: second!.title })).toBeVisible();

  // Quantity change through POST /cart/page/update; above the stock the server's Spanish text shows.
  const qty = line.getByRole('spinbutton');
  await qty.fill('2');
  await line.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Cantidad actualizada')).toBeVisible();
  await expect(qty).toHaveValue('2');
  await qty.fill(String(first!.inventario + 1));
  await line.getByRole('button', { name: 'Actualizar' }).click();
  await expect(line.getByText(`La cantidad disponible es de ${first!.inventario} unidades. Intenta con una cantidad menor.`)).toBeVisible();
  await qty.fill('2');

  // The minimum value check per store.
  await page.getByRole('button', { name: 'Verificar valor mínimo' }).click();
  await expect(page.getByTestId('minimum-check')).toBeVisible();
  await expect(page.getByText(/^Compra mínima en /).first()).toBeVisible();
  await shoot(page, 'cart-page');

  // Removing a line.
  await page
    .getByTestId('cart-line')
    .filter({ hasText: second!.title })
    .getByRole('button', { name: `Quitar ${second!.title}` })
    .click();
  await expect(page.getByText('Producto retirado')).toBeVisible();
  await expect(page.getByTestId('cart-line').filter({ hasText: second!.title })).toHaveCount(0);

  // The favourites tab.
  await page.getByRole('tab', { name: 'Favoritos' }).click();
  await expect(page).toHaveURL(/\/cart\/page\/index\/favorites$/);
  await expect(page.getByRole('heading', { name: 'Favoritos', level: 1 })).toBeVisible();
});

test('the service-order price modal shows the total with utility live and saves it', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  await page.goto('/catalogo/page/results?search=pastillas%20de%20freno');
  const row = page.getByTestId('product-row').first();
  await row.getByRole('button', { name: 'Orden de servicio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Precio para orden de servicio' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Este campo es obligatorio')).toBeVisible();
  await dialog.getByLabel('Precio con utilidad').check();
  await dialog.getByLabel('Utilidad (%)').fill('20');
  // total = actualPrice / (1 − 20/100), two decimals.
  const base = Number(((await dialog.getByText(/^Precio del producto: /).textContent()) ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
  const expected = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.round((base / 0.8) * 100) / 100,
  );
  await expect(dialog.getByTestId('service-order-total')).toHaveText(`Total: ${expected} COP`);
  await shoot(page, 'service-order');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Precio para orden de servicio guardado')).toBeVisible();
  await expect(dialog).toBeHidden();
});
