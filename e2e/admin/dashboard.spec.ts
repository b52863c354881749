import { expect, test } from '@playwright/test';
import { loginToConsole, shoot } from './helpers';

test('the dashboard shows a catalogue search and a marketplace text search made just before', async ({ page, playwright, baseURL }) => {
  // A part number nobody has: it lands among the references not found (what to add to the catalogue).
  const reference = `E2E${Date.now().toString(36).toUpperCase()}`;
  const visitor = await playwright.request.newContext({ baseURL });
  const search = await visitor.get(`/api/catalogo/catalogV2/findCatalogsByOem?oem=${reference}`);
  expect(search.status()).toBeLessThan(500);
  // A marketplace text search nobody's product answers: the analytics context counts it too (not-found demand).
  const text = `zzq${Date.now().toString(36)} inexistente`;
  const products = await visitor.get(`/api/catalogo/products?filter=${encodeURIComponent(JSON.stringify({ search: text }))}`);
  expect(products.status()).toBe(200);
  await visitor.dispose();

  await loginToConsole(page, 'operador@tuerca.demo');
  await expect(page.getByText('Búsquedas por día y tipo')).toBeVisible();
  const notFound = page.getByTestId('references-not-found');
  // The analytics read model is fed by CatalogSearched and ProductsSearched: reload until it caught up.
  await expect(async () => {
    await page.reload();
    await expect(notFound.getByRole('cell', { name: reference })).toBeVisible({ timeout: 3000 });
    await expect(notFound.getByRole('cell', { name: text })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(notFound.getByRole('row', { name: new RegExp(text) }).getByText('Texto (productos)')).toBeVisible();
  await expect(page.getByText('Referencias más buscadas')).toBeVisible();
  await expect(page.getByText('Búsquedas por marca')).toBeVisible();
  await expect(page.getByText('Consultas consumidas por día')).toBeVisible();
  await expect(page.getByText('Planes vendidos por día')).toBeVisible();
  await page.waitForTimeout(800); // charts animate in
  await shoot(page, 'dashboard');

  // The same search in the searches list, with its CSV export.
  await page.getByRole('menuitem', { name: 'Búsquedas', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/search-analytics/);
  await expect(page.locator('td.column-query', { hasText: reference })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  expect((await download).suggestedFilename()).toBe('busquedas-del-catalogo.csv');
  await shoot(page, 'search-analytics');
});
