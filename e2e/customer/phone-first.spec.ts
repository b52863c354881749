import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, horizontalScrollers, login, PHONE, seriousA11yViolations, shoot } from './helpers';

/** Each main screen at 1366×900 and 390×844: nothing scrolls sideways, and axe finds nothing serious. */
async function checkScreen(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    // Polled: a layout that scrolls sideways stays so; an element animating in is wide only for a moment.
    await expect
      .poll(async () => ({ screen: name, size, scrollers: await horizontalScrollers(page) }))
      .toEqual({ screen: name, size, scrollers: [] });
    expect({ screen: name, size, violations: await seriousA11yViolations(page) }).toEqual({ screen: name, size, violations: [] });
  }
  await shoot(page, `main-${name}`);
  await page.setViewportSize(DESKTOP);
}

test('a guest’s main screens fit a phone and pass axe: home, results, part number, catalogues, models, vehicles, OEM finder, login', async ({
  page,
}) => {
  await page.goto('/');
  await checkScreen(page, 'home', () => expect(page.getByRole('list', { name: 'Catálogos de autopartes originales' })).toBeVisible());

  await page.goto('/catalogo/page/results?search=pastillas%20de%20freno');
  await checkScreen(page, 'results', () => expect(page.getByTestId('product-row').first()).toBeVisible());
  // On a phone the results are cards with the price and the action on screen.
  await page.setViewportSize(PHONE);
  const card = page.getByTestId('product-cards').getByTestId('product-row').first();
  await expect(card.getByRole('button', { name: /Comprar|Confirmar|Agregar a cotización/ }).first()).toBeInViewport();
  await expect(card.getByText(/COP|Solicita una cotización/).first()).toBeVisible();
  await page.setViewportSize(DESKTOP);

  await page.goto('/catalogo/page/results?search=750.605');
  await checkScreen(page, 'part-number', () => expect(page.getByTestId('product-row').first()).toBeVisible());

  await page.goto('/catalogo/catalog/v2/');
  await checkScreen(page, 'catalogs', () => expect(page.getByRole('link', { name: /Chevrolet/ }).first()).toBeVisible());

  await page.goto('/catalogo/catalog/v2/catalog=CHEV');
  // People read the brand, never the catalogue's code.
  await checkScreen(page, 'models', () => expect(page.getByRole('heading', { name: 'Modelos de Chevrolet' })).toBeVisible());
  await expect(page.getByText('CHEV', { exact: true })).toHaveCount(0);
  await page.goto(
    (await page
      .getByRole('link', { name: /Spark GT/ })
      .first()
      .getAttribute('href'))!,
  );
  await checkScreen(page, 'vehicles', () => expect(page.getByRole('link', { name: 'Ingresar' }).first()).toBeVisible());

  await page.goto('/catalogo/catalog/v2/oem=43501802/searchOem');
  await checkScreen(page, 'oem-finder', () => expect(page.getByTestId('substitution-row').first()).toBeVisible());

  await page.goto('/users/page/login');
  await checkScreen(page, 'login', () => expect(page.getByLabel('Correo electrónico')).toBeVisible());
});

test('a workshop’s main screens fit a phone and pass axe: groups, unit diagram, garage, quotation, cart', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  await page.goto('/catalogo/catalog/v2/search/9GABLREU7CS000001');
  await checkScreen(page, 'groups', () => expect(page.getByTestId('unit-card').first()).toBeVisible());

  await page.getByTestId('unit-card').first().click();
  await checkScreen(page, 'unit', () => expect(page.getByTestId('hotspot-1')).toBeVisible());

  await page.goto('/garaje');
  await checkScreen(page, 'garage', () => expect(page.getByRole('heading', { name: 'Mi garaje' })).toBeVisible());

  await page.goto('/home/page/cotizacion');
  await checkScreen(page, 'quotation', () => expect(page.getByRole('heading', { name: 'Solicitud de cotización' })).toBeVisible());

  await page.goto('/cart/page/index/cart');
  await checkScreen(page, 'cart', () => expect(page.getByRole('heading', { name: 'Carrito de compras', level: 1 })).toBeVisible());
});

test('on a phone the diagram’s hotspots are 32 px targets, pinch-zoom works, and a hotspot opens who sells the part', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, 'taller@tuerca.demo');
  await page.goto('/catalogo/catalog/v2/search/9GABLREU7CS000001');
  await page.getByTestId('unit-card').first().click();
  const hotspots = page.getByTestId(/^hotspot-/);
  await expect(hotspots.first()).toBeVisible();
  for (const box of await hotspots.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.width).toBeGreaterThanOrEqual(32);
    expect(box.height).toBeGreaterThanOrEqual(32);
  }

  // Zoom (the buttons; a pinch drives the same view) keeps every target at least as big, and the reset returns.
  const diagram = page.getByTestId('diagram');
  await page.getByRole('button', { name: 'Acercar' }).click();
  await expect(diagram).toHaveAttribute('data-scale', '1.50');
  const zoomed = await page.getByTestId('hotspot-1').boundingBox();
  expect(zoomed!.width).toBeGreaterThanOrEqual(32);
  await page.getByRole('button', { name: 'Ver el diagrama completo' }).click();
  await expect(diagram).toHaveAttribute('data-scale', '1.00');

  // Two fingers apart on the drawing zoom it (pointer events as a touch screen sends them).
  await diagram.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const fire = (type: string, id: number, x: number) =>
      el.dispatchEvent(
        new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true, isPrimary: id === 1 }),
      );
    fire('pointerdown', 1, cx - 20);
    fire('pointerdown', 2, cx + 20);
    fire('pointermove', 1, cx - 60);
    fire('pointermove', 2, cx + 60);
    fire('pointerup', 1, cx - 60);
    fire('pointerup', 2, cx + 60);
  });
  await expect(diagram).not.toHaveAttribute('data-scale', '1.00');
  await page.getByRole('button', { name: 'Ver el diagrama completo' }).click();

  // 001 §2: a hotspot opens the product search modal (full screen on a phone), not the quote cart.
  await page.getByTestId('hotspot-1').click();
  const modal = page.getByTestId('product-search-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Agregar a cotización' })).toBeVisible();
  await expect.poll(() => horizontalScrollers(page)).toEqual([]);
  await shoot(page, 'diagram-modal', ['phone']);
});

test('a part with no product of its own opens the modal on its substitutes in stock', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  await page.goto('/catalogo/catalog/v2/search/9GABLREU7CS000001');
  await page.getByTestId('unit-card').first().click();
  // Position 2 of the head unit (98640645) has no store product, but a substitute in stock.
  await page.getByTestId('hotspot-2').click();
  const modal = page.getByTestId('product-search-modal');
  await expect(modal.getByRole('tab', { name: /^Sustituciones/ })).toHaveAttribute('aria-selected', 'true');
  await expect(modal.getByText('Otros números de parte relacionados')).toBeVisible();
  await expect(modal.getByTestId('product-row').first()).toBeVisible();
  await expect(modal.getByText(/no fue encontrado/)).toHaveCount(0);
});

test('quick paging shows the last page asked for, even when an earlier page answers last', async ({ page }) => {
  await page.goto('/catalogo/page/results?search=filtro');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  const expected = await page.request.get('/api/catalogo/products', {
    params: { filter: JSON.stringify({ search: 'filtro' }), page: 2, pageSize: 20 },
  });
  const third = ((await expected.json()) as { data: { title: string }[] }).data.map((p) => p.title);
  expect(third.length).toBeGreaterThan(0);

  // Page 2 (index 1) is held back until page 3 (index 2) has answered and shows.
  let releaseSecond = () => undefined as void;
  const second = new Promise<void>((resolve) => (releaseSecond = resolve));
  await page.route(/\/api\/catalogo\/products\?.*page=1(&|$)/, async (route) => {
    await second;
    await route.continue();
  });
  const next = page.getByRole('button', { name: 'Ir a la página siguiente' });
  await next.click();
  await next.click();
  await expect(page.getByTestId('product-row').first()).toContainText(third[0]!);
  releaseSecond();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('product-row').first()).toContainText(third[0]!);
  await expect(page.getByTestId('results-pagination')).toContainText('41–60');
});

test('at the forced login a guest sees the login and nothing of the catalogue behind it', async ({ page }) => {
  const res = await page.request.get('/api/catalogo/catalogV2/vehicles', { params: { catalogCode: 'CHEV' } });
  const vehicles = ((await res.json()) as { data: { vehicles: { name: string; vehicleId: string; ssd: string }[] } }).data.vehicles;
  const seg = (v: Record<string, string>) =>
    Object.entries(v)
      .map(([k, x]) => `${k}=${encodeURIComponent(x)}`)
      .join('&');
  let forced = false;
  for (const v of vehicles.slice(0, 8)) {
    await page.goto(`/catalogo/catalog/v2/catalog=CHEV/${seg({ m: '', ssd: v.ssd })}/${seg({ v: v.name, vid: v.vehicleId })}`);
    const gate = page.getByTestId('forced-login');
    await expect(gate.or(page.getByTestId('unit-card').first())).toBeVisible();
    if (await gate.isVisible()) {
      forced = true;
      await expect(page.getByTestId('login-modal')).toHaveAttribute('data-closable', 'false');
      await expect(page.getByTestId('unit-card')).toHaveCount(0);
      await expect(page.getByRole('tab', { name: 'Grupos' })).toHaveCount(0);
      await expect(gate).toContainText('Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.');
      await shoot(page, 'forced-login-catalog', ['phone']);
      break;
    }
    const modal = page.getByTestId('login-modal');
    if (await modal.isVisible()) await modal.getByRole('button', { name: 'Cerrar' }).click();
  }
  expect(forced).toBe(true);
});
