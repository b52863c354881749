import { expect, test } from '@playwright/test';
import { homeSearch, login, shoot } from './helpers';

// A Chevrolet Spark GT of the demo catalogue's own VIN index.
const VIN = '9GABLREU7CS000001';

test('a workshop enters a VIN, browses groups and a unit diagram, and adds a part to the quote cart', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  await homeSearch(page, VIN);

  // One vehicle for the VIN: straight to its groups at the spec's route.
  await expect(page).toHaveURL(/\/catalogo\/catalog\/v2\/catalog=CHEV\/m=&ssd=[^/]+\/v=[^/]+&vid=[^/&]+&q=9GABLREU7CS000001$/);
  await expect(page.getByRole('heading', { name: /Chevrolet Spark GT/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Grupos' })).toBeVisible();
  await expect(page.getByTestId('vehicles-consulted')).toContainText('Vehículos consultados en los últimos 30 días');
  await expect(page.getByTestId('unit-card').first()).toBeVisible();
  await shoot(page, 'catalog-groups');

  // 'Detallado': the quick-group filter runs from 3 characters, ignoring case and accents.
  await page.getByRole('tab', { name: /Detallado/ }).click();
  const quick = page.getByTestId('quick-groups');
  await expect(quick.getByText('Mantenimiento')).toBeVisible();
  const filter = page.getByRole('textbox', { name: 'Buscar grupo' });
  await filter.fill('fi');
  await expect(page.getByText('Escribe al menos 3 caracteres para filtrar.')).toBeVisible();
  await filter.fill('FÍLTRO  DE   ACEITE');
  await expect(quick.getByText('Filtro de aceite', { exact: true })).toBeVisible();
  await expect(quick.getByText('Bobinas', { exact: true })).toHaveCount(0);
  await quick.getByText('Filtro de aceite', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Filtro de aceite' })).toBeVisible();
  await expect(page.getByTestId('unit-card').first()).toBeVisible();
  await shoot(page, 'catalog-detailed');

  // The preferred tab is remembered: back to 'Grupos' for the unit.
  await page.getByRole('tab', { name: 'Grupos' }).click();
  await page.getByTestId('unit-card').first().click();
  await expect(page).toHaveURL(/\/uid=[^/]+&ssd=[^/]+$/);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.getByRole('img')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Cantidad' })).toBeVisible();

  // Hotspots sit at percentages of the image's natural size (800x600 SVG).
  const hotspot = page.getByTestId('hotspot-1');
  await expect(hotspot).toBeVisible();
  const left = await hotspot.evaluate((el) => (el as HTMLElement).style.left || getComputedStyle(el).left);
  expect(left).toMatch(/px|%/);

  await expect(page.getByTestId('quote-cart')).toContainText('0 piezas');
  // spec 001 §2: a hotspot opens the product search modal (who sells the part); from there it goes to the quote cart.
  await hotspot.click();
  const partModal = page.getByTestId('product-search-modal');
  await expect(partModal).toBeVisible();
  await expect(partModal.getByRole('link', { name: 'Abrir el diagrama en una pestaña nueva' })).toHaveAttribute('target', '_blank');
  await partModal.getByRole('button', { name: 'Agregar a cotización' }).click();
  await expect(page.getByText(/^Agregamos .+ al carrito de cotización$/)).toBeVisible();
  await partModal.getByRole('button', { name: 'Agregar a cotización' }).click();
  await expect(page.getByText(/ya está en el carrito de cotización$/)).toBeVisible();
  await partModal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId('quote-cart')).toContainText('1 pieza');
  await expect(page.getByTestId('quote-cart-count')).toContainText('1');
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('tuerca.quoteCart') ?? '[]'));
  expect(cart).toHaveLength(1);
  expect(cart[0].vehicle).toMatchObject({ brand: 'Chevrolet', name: expect.stringContaining('Spark GT') });
  expect(cart[0].parts).toEqual([expect.objectContaining({ amount: 1, selected: true })]);

  // Adding from the parts table works too.
  await page
    .getByRole('button', { name: /^Agregar a cotización/ })
    .nth(1)
    .click();
  await expect(page.getByTestId('quote-cart')).toContainText('2 piezas');
  await page.getByRole('columnheader', { name: 'Cantidad' }).locator('span').hover();
  await expect(page.getByRole('tooltip', { name: 'Cantidad de piezas contenidas en el vehículo' })).toBeVisible();
  await shoot(page, 'catalog-unit');

  // A part number opens the product search modal ('Resultado de búsqueda').
  await page.getByRole('table', { name: 'Piezas del diagrama' }).getByRole('button', { name: /^\d/ }).first().click();
  const modal = page.getByTestId('product-search-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('tab', { name: 'Resultado de búsqueda' })).toBeVisible();
  await shoot(page, 'product-search-modal');
  await modal.getByRole('button', { name: 'Cerrar' }).click();

  await page.goto('/home/page/cotizacion');
  await expect(page.getByRole('heading', { name: 'Solicitud de cotización' })).toBeVisible();
  await expect(page.getByTestId('quote-cart')).toContainText('2 piezas');
  await shoot(page, 'quote-cart');
});
