import { expect, test, type Route } from '@playwright/test';
import { PHONE } from './helpers';

/**
 * Issue #22, the first paint: before the console's JavaScript arrives, the page already shows the bar, the search box
 * and the page's own heading (the home title, or the results heading with what was searched); what a person types
 * there is kept when the console starts.
 */

/** Holds the console's JavaScript back until `release()`. */
async function holdScripts(page: import('@playwright/test').Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

test('the home page draws its heading and search box before its JavaScript, and keeps what was typed there', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentra la autoparte que necesitas' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Catálogos de autopartes originales' })).toBeVisible();
  const early = page.getByRole('searchbox', { name: 'Buscar autopartes' });
  await early.click();
  await early.pressSequentially('filtro de aceite');
  await release();
  // The console took over: its search box (a textbox with the examples above it) has the text and the cursor.
  await expect(page.getByTestId('home-examples')).toBeVisible();
  const box = page.getByTestId('home-search');
  await expect(box).toHaveValue('filtro de aceite');
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/catalogo\/page\/results\?search=filtro(\+|%20)de(\+|%20)aceite$/);
});

test('the results page draws the heading of what was searched before its JavaScript, as text', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const release = await holdScripts(page);
  await page.goto(`/catalogo/page/results?search=${encodeURIComponent('<b>disco</b> $& freno')}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para «<b>disco</b> $& freno»');
  await expect(page.locator('h1 b')).toHaveCount(0);
  await release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para «<b>disco</b> $& freno»');
  await expect(page.getByTestId('home-search')).toHaveValue('<b>disco</b> $& freno');
});
