import { expect, test, type Locator, type Page } from '@playwright/test';
import { catalogVehicles } from '@tuerca/demo-data';
import { homeSearch, login, shoot } from './helpers';

/**
 * The catalogue's pictures as a person sees them (issue 15): the brand grid's wordmarks, exploded diagrams of
 * a car's and a motorcycle's units, and the results with their product photos — each image loaded, at
 * desktop and phone sizes (screenshots in artifacts/playwright/screenshots/).
 */

/** The image was fetched and decoded (a broken image has no natural width). */
async function loaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

/** A vehicle of the demo catalogue's own VIN index (the default demo seed). */
function vinOf(brand: string, model: string): string {
  for (const v of catalogVehicles(2026, 1)) if (v.brand === brand && v.name.startsWith(`${model} `) && v.market === 'CO') return v.vins[0]!;
  throw new Error(`no ${brand} ${model} in the demo catalogue`);
}

async function openUnit(page: Page, vin: string, unitName: RegExp) {
  await homeSearch(page, vin);
  await expect(page.getByTestId('unit-card').first()).toBeVisible();
  await page.getByTestId('unit-card').filter({ hasText: unitName }).first().click();
  await expect(page).toHaveURL(/\/uid=[^/]+&ssd=[^/]+$/);
  const diagram = page.getByTestId('diagram').getByRole('img').first();
  await loaded(diagram);
  return diagram;
}

test('the brand grid shows every make’s wordmark, motorcycles among them', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Catálogos de autopartes originales' });
  await expect(grid.getByRole('listitem')).toHaveCount(67);
  for (const brand of ['Chevrolet', 'Renault', 'AKT', 'Honda Motos'])
    await loaded(grid.getByRole('link', { name: new RegExp(brand) }).locator('img'));
  await shoot(page, 'brand-grid');
});

test('a car’s and a motorcycle’s units are exploded views of their parts', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  const brakes = await openUnit(page, vinOf('Chevrolet', 'Spark GT'), /Frenos delanteros/);
  expect(await brakes.getAttribute('src')).toMatch(/\/units\/[^/]+\/image\.svg$/);
  await expect(page.getByTestId('hotspot-1')).toBeVisible();
  await shoot(page, 'unit-car');
  await openUnit(page, vinOf('Yamaha', 'FZ 2.0'), /Kit de arrastre/);
  await expect(page.getByText('Cadena de transmisión').first()).toBeVisible();
  // At 1366 px the parts table shows all its columns, the last one ('Agregar a cotización') included, unscrolled.
  const table = page.getByRole('table', { name: 'Piezas del diagrama' });
  for (const add of await table.getByRole('button', { name: /^Agregar a cotización / }).all())
    await expect(add).toBeInViewport({ ratio: 1 });
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await shoot(page, 'unit-motorcycle');
  // On a phone the parts are a list, each with its button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page
      .getByTestId('parts-list')
      .getByRole('button', { name: /^Agregar a cotización / })
      .first(),
  ).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
});

test('a unit in European Portuguese, and a notice where a language has no names yet', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  const chooseLanguage = async (name: string) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Idioma del catálogo' }).click();
    await page.getByRole('option', { name }).click();
  };
  await chooseLanguage('Portugués (pt_PT)');
  const brakes = await openUnit(page, vinOf('Chevrolet', 'Spark GT'), /Travões dianteiros/);
  // The drawing's own text is in Portuguese too.
  expect(await brakes.getAttribute('src')).toMatch(/\/units\/[^/]+\/image\.svg\?language=pt_PT$/);
  await expect(page.getByText('Pastilhas de travão dianteiras').first()).toBeVisible();
  await expect(page.getByTestId('language-fallback')).toHaveCount(0);
  await shoot(page, 'unit-car-portuguese');
  await chooseLanguage('Francés (fr_FR)');
  await openUnit(page, vinOf('Chevrolet', 'Spark GT'), /Frenos delanteros/);
  await expect(page.getByTestId('language-fallback')).toContainText('aún no tenemos su traducción al francés');
});

test('results show each product’s photo: the part with its brand and number on the label', async ({ page }) => {
  await homeSearch(page, 'WK 616/1');
  await expect(page.getByRole('heading', { name: 'Resultados para «WK 616/1»' })).toBeVisible();
  const row = page.getByTestId('product-row').first();
  await expect(row).toBeVisible();
  const photo = row.locator('img').first();
  await loaded(photo);
  expect(await photo.getAttribute('src')).toContain('/partPhotos/fuel-filter/photo.webp?brand=Mann-Filter&number=WK+616%2F1');
  await shoot(page, 'results-photos');
  await homeSearch(page, 'pastillas de freno');
  await loaded(page.getByTestId('product-row').first().locator('img').first());
  await shoot(page, 'results-photos-text');
});
