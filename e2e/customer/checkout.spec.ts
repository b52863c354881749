import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, PASSWORD, PHONE, horizontalScrollers, registerUser, shoot } from './helpers';

/**
 * Issue #12, the buyer's checkout end to end: a guest adds a sale-model product and an order-model product of
 * two stores, logs in from 'Comprar' (the cart is kept), checks out with a new address and the order modal's
 * terms, pays the online purchase in the sandbox gateway and sends the other as an order; 'Mis compras' shows
 * both with their states, and the notifications outbox has the seller's WhatsApp and the buyer's e-mail.
 */

interface Product {
  id: string;
  title: string;
  referencia_1: string | null;
  inventario: number;
  actualPrice: number | null;
  hidePrices: boolean;
  currency: string;
  minimum_order_quantity: number;
  productAddedToCart: boolean;
  cartTypeBySaleModel: string;
  store: { id: string; name: string; isVirtualStore: boolean };
}

const used = new Set<string>();

/**
 * A product of the given sale model, priced above every demo store's minimum purchase ($200.000), with
 * stock, that goes to the cart (not favourites), in a store other than `otherStore`, not used by an earlier test of
 * this file.
 */
async function pickProduct(page: Page, salesModel: 1 | 2, otherStore?: string): Promise<Product> {
  const res = await page.request.get('/api/catalogo/products', {
    params: { filter: JSON.stringify({ search: 'embrague', salesModel, onlyAvailable: true }), pageSize: 100, page: 0 },
  });
  expect(res.ok()).toBe(true);
  const products = ((await res.json()) as { data: Product[] }).data;
  const product = products.find(
    (p) =>
      !used.has(p.id) &&
      p.referencia_1 &&
      p.actualPrice !== null &&
      p.actualPrice >= 200_000 &&
      !p.hidePrices &&
      p.currency === 'COP' &&
      p.inventario >= 3 &&
      p.minimum_order_quantity === 1 &&
      p.cartTypeBySaleModel === 'cart' &&
      !p.store.isVirtualStore &&
      p.store.id !== otherStore,
  );
  expect(product, `a sale-model ${salesModel} product of the demo data`).toBeTruthy();
  used.add(product!.id);
  return product!;
}

/** 'Comprar' on the product's row of the results of its part number. */
async function addFromResults(page: Page, product: Product) {
  await page.goto(`/catalogo/page/results?search=${encodeURIComponent(product.referencia_1!)}`);
  const row = page.getByTestId('product-row').filter({ hasText: product.title }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Comprar' }).click();
  await expect(row.getByText('ya fue agregado')).toBeVisible();
}

async function operatorApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/users/auth/login', { data: { email: 'operador@tuerca.demo', password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return api;
}

interface OutboxMessage {
  channel: string;
  template: string;
  recipient: string | null;
  text: string;
}

/** The outbox rows whose text names the sale reference, as the operator console lists them. */
async function messagesAbout(api: APIRequestContext, refVenta: string): Promise<OutboxMessage[]> {
  const res = await api.get('/admin-api/notifications', {
    params: { filter: JSON.stringify({ q: refVenta }), sort: '["created_at","DESC"]', range: '[0,49]' },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as OutboxMessage[];
}

async function noSidewaysScroll(page: Page, screen: string) {
  // Polled: a toast sliding in from the side is wider than the screen for a moment; a layout that scrolls stays so.
  await expect.poll(() => horizontalScrollers(page), { message: `${screen}: nothing scrolls sideways at 390 px` }).toEqual([]);
}

for (const size of ['desktop', 'phone'] as const) {
  test(`${size}: a guest's two-store cart becomes a paid purchase and an order; Mis compras and the outbox show both`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const phone = size === 'phone';
    // The buyer: a new account (sign-up complete, empty cart, no purchases), registered in another window.
    const signup = await browser.newPage();
    const email = await registerUser(signup, `checkout-${size}`, { name: 'Julián Compras' });
    await signup.close();

    await page.setViewportSize(phone ? PHONE : DESKTOP);
    // As a guest: a sale-model product (paid online) and an order-model one (the seller confirms) of two stores.
    const online = await pickProduct(page, 1);
    const order = await pickProduct(page, 2, online.store.id);
    await page.setViewportSize(DESKTOP);
    await addFromResults(page, online);
    await addFromResults(page, order);
    await page.setViewportSize(phone ? PHONE : DESKTOP);

    // 'Carrito' with its count, in the header (and in the phone menu).
    await page.goto('/');
    await expect(page.getByTestId('header-cart')).toHaveAttribute('aria-label', 'Carrito (2 productos)');
    if (phone) {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect(page.getByTestId('menu-cart')).toContainText('Carrito (2 productos)');
      await page.getByTestId('menu-cart').click();
    } else {
      await page.getByTestId('header-cart').click();
    }
    await expect(page).toHaveURL(/\/cart\/page\/index\/cart$/);
    const stores = page.getByTestId('cart-store');
    await expect(stores).toHaveCount(2);
    await expect(stores.filter({ hasText: online.store.name })).toContainText(online.title);
    await expect(stores.filter({ hasText: order.store.name })).toContainText(order.title);
    await expect(page.getByTestId('cart-store-total')).toHaveCount(2);
    await expect(page.getByTestId('cart-selected-count')).toHaveText('2 seleccionados');

    // Selection per line: unselecting a line takes its store out of the totals; selecting it brings it back.
    // Clicked, then the state read with retries: the page saves each change (the box is disabled meanwhile).
    const lineBox = page.getByRole('checkbox', { name: `Seleccionar ${order.title}` });
    await lineBox.click();
    await expect(lineBox).not.toBeChecked();
    await expect(page.getByTestId('cart-selected-count')).toHaveText('1 seleccionado');
    await expect(page.getByTestId('cart-store-total')).toHaveCount(1);
    await expect(lineBox).toBeEnabled();
    await lineBox.click();
    await expect(lineBox).toBeChecked();
    await expect(page.getByTestId('cart-store-total')).toHaveCount(2);

    // Delete with undo.
    await page.getByRole('button', { name: `Quitar ${order.title}` }).click();
    await expect(page.getByText('Producto retirado')).toBeVisible();
    await expect(stores).toHaveCount(1);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(page.getByText('Productos devueltos al carrito')).toBeVisible();
    await expect(stores).toHaveCount(2);

    // The minimum value per store, then the PDF quotation of the selection.
    await page.getByRole('button', { name: 'Verificar valor mínimo' }).click();
    await expect(page.getByTestId('minimum-check')).toHaveText('Tu pedido cumple el valor mínimo de compra de cada tienda.');
    const download = page.waitForEvent('download');
    await page.getByTestId('download-quotation').click();
    expect((await download).suggestedFilename()).toMatch(/^cotizacion-tuerca-\d{4}-\d{2}-\d{2}\.pdf$/);
    if (phone) await noSidewaysScroll(page, 'cart');
    await shoot(page, 'checkout-cart', [size]);

    // 'Comprar' as a guest: the login modal; after logging in the checkout opens with the same lines.
    await page.getByTestId('cart-buy').click();
    const modal = page.getByTestId('login-modal');
    await expect(modal.getByText('Inicia sesión para finalizar tu compra. Tu carrito se conserva.')).toBeVisible();
    await modal.getByLabel('Correo electrónico').fill(email);
    await modal.getByLabel('Contraseña').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page).toHaveURL(/\/cart\/page\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Finalizar compra' })).toBeVisible();
    await expect(page.getByTestId('checkout-store')).toHaveCount(2);

    // The address: none saved yet, so one is added here and chosen.
    await expect(page.getByText('Aún no tienes direcciones guardadas.')).toBeVisible();
    await page.getByTestId('checkout-confirm').click();
    await expect(page.getByText('Elige la dirección de envío.')).toBeVisible();
    await page.getByRole('button', { name: 'Agregar dirección' }).click();
    const form = page.getByRole('form', { name: 'Agregar dirección' });
    await form.getByLabel('Nombre de quien recibe').fill('Julián Compras');
    await form.getByLabel('Teléfono de contacto').fill('300 765 4321');
    await form.getByRole('combobox', { name: 'Departamento' }).fill('Antio');
    await page.getByRole('option', { name: 'Antioquia' }).click();
    await form.getByRole('combobox', { name: 'Municipio' }).fill('Medell');
    await page.getByRole('option', { name: 'Medellín' }).click();
    await form.getByRole('textbox', { name: /^Dirección/ }).fill('Carrera 43A # 1-50, taller 4');
    await form.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(page.getByTestId('checkout-address')).toHaveCount(1);
    await expect(page.getByTestId('checkout-address').getByRole('radio')).toBeChecked();
    if (phone) await noSidewaysScroll(page, 'checkout');
    await shoot(page, 'checkout', [size]);

    // The order modal: comment and terms; without the terms, the spec's message.
    await page.getByTestId('checkout-confirm').click();
    const dialog = page.getByRole('dialog', { name: 'Realizar pedido' });
    await dialog.getByLabel('Comentario').fill('Entregar en el taller, de 8 a 5.');
    await dialog.getByTestId('order-modal-submit').click();
    await expect(dialog.getByText('Debes aceptar los términos y condiciones para continuar con el pedido')).toBeVisible();
    await dialog.getByLabel('Acepto los términos y condiciones').check();
    await shoot(page, 'checkout-order-modal', [size]);
    await dialog.getByTestId('order-modal-submit').click();

    // One transaction per store: the order is 'Pedido enviado', the online purchase waits for its payment.
    const done = page.getByTestId('checkout-done');
    await expect(done).toBeVisible();
    await expect(done.getByTestId('checkout-orders')).toContainText('Pedido enviado');
    await expect(done.getByTestId('checkout-orders')).toContainText(order.store.name);
    await expect(done.getByTestId('checkout-orders')).toContainText('Esperando confirmación del vendedor');
    const orderRef = /TU-\d{7}/.exec((await done.getByTestId('checkout-orders').textContent()) ?? '')?.[0];
    expect(orderRef).toBeTruthy();
    await expect(page.getByTestId('header-cart')).toHaveAttribute('aria-label', 'Carrito (0 productos)');
    if (phone) await noSidewaysScroll(page, 'checkout result');
    await shoot(page, 'checkout-done', [size]);

    // The sandbox gateway, then back to the result page: paid.
    const pay = done.getByTestId('checkout-payments').getByRole('button', { name: /^Pagar TU-\d{7}/ });
    const onlineRef = /TU-\d{7}/.exec((await pay.textContent()) ?? '')?.[0];
    expect(onlineRef).toBeTruthy();
    await pay.click();
    await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\?reference=/);
    await expect(page.getByText(onlineRef!)).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await expect(page).toHaveURL(/\/compras\/resultado\?transaccion=/);
    await expect(page.getByTestId('purchase-result-text')).toHaveText(`¡Pago aprobado! Tu compra ${onlineRef} está pagada.`, {
      timeout: 30_000,
    });
    if (phone) await noSidewaysScroll(page, 'payment result');
    await shoot(page, 'checkout-payment-result', [size]);

    // 'Mis compras': both, with their states.
    if (phone) {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('link', { name: 'Mis compras' }).click();
    } else {
      await page.getByTestId('account-button').click();
      await page.getByRole('menuitem', { name: 'Mis compras' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Mis compras' })).toBeVisible();
    const rows = page.getByTestId('purchase-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: onlineRef! }).getByTestId('purchase-state')).toHaveText('Pagada');
    await expect(rows.filter({ hasText: orderRef! }).getByTestId('purchase-state')).toHaveText('Esperando confirmación del vendedor');
    if (phone) await noSidewaysScroll(page, 'Mis compras');
    await shoot(page, 'purchases', [size]);

    // The paid purchase's detail: lines, IVA included, the payment, the store's contact.
    await rows.filter({ hasText: onlineRef! }).click();
    const detail = page.getByTestId('purchase-detail');
    await expect(detail.getByRole('heading', { name: onlineRef! })).toBeVisible();
    await expect(detail.getByTestId('purchase-lines')).toContainText(online.title);
    await expect(detail.getByTestId('purchase-iva')).toHaveText(/^\$\s?[\d.]+ COP$/);
    await expect(detail.getByText('IVA incluido (19 %)')).toBeVisible();
    await expect(detail.getByTestId('purchase-payment')).toContainText('Pagos recibidos');
    await expect(detail.getByTestId('store-contact')).toContainText(online.store.name);
    await expect(detail.getByRole('button', { name: 'Cancelar compra' })).toHaveCount(0);
    if (phone) await noSidewaysScroll(page, 'purchase detail');
    await shoot(page, 'purchase-detail', [size]);

    // The notifications outbox, as an operator reads it: the sellers' WhatsApp and the buyer's e-mails.
    const operator = await operatorApi(baseURL!);
    try {
      await expect
        .poll(async () => (await messagesAbout(operator, onlineRef!)).map((m) => `${m.channel}:${m.template}`).sort(), { timeout: 30_000 })
        .toEqual([
          'email:purchase-paid-buyer',
          'email:purchase-placed-buyer',
          'whatsapp:purchase-paid-seller',
          'whatsapp:purchase-placed-seller',
        ]);
      await expect
        .poll(async () => (await messagesAbout(operator, orderRef!)).map((m) => `${m.channel}:${m.template}`).sort(), { timeout: 30_000 })
        .toEqual(['email:order-placed-buyer', 'whatsapp:order-placed-seller']);
      const buyerMail = (await messagesAbout(operator, onlineRef!)).find((m) => m.template === 'purchase-paid-buyer');
      expect(buyerMail?.recipient).toBe(email);
    } finally {
      await operator.dispose();
    }
  });
}
