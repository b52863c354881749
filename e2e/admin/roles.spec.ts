import { expect, test } from '@playwright/test';
import { loginToConsole, openMenu, shoot } from './helpers';

test('an adviser reads the marketplace without the actions the API refuses them', async ({ page }) => {
  await loginToConsole(page, 'asesor@tuerca.demo');
  await expect(page.getByRole('menuitem', { name: 'Cuentas' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Tiendas' })).toHaveCount(0);

  await openMenu(page, 'Cotizaciones');
  await expect(page.locator('td.column-productTitle').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Responder' })).toHaveCount(0);

  await openMenu(page, 'Productos');
  await expect(page.getByRole('button', { name: 'Agotar' })).toHaveCount(0);
  await page.locator('td.column-title').first().click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}\/show$/);
  await expect(page.getByText('Referencia 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await shoot(page, 'adviser-product');

  // Balances: advisers do not read accounts, so the person filter is the id (no failing picker).
  await openMenu(page, 'Saldos de consultas');
  await expect(page.getByRole('textbox', { name: 'Persona' })).toBeVisible();
  await expect(page.getByText('No tienes permiso')).toHaveCount(0);
});

test('a store admin edits their own store and sees only it', async ({ page }) => {
  await loginToConsole(page, 'tienda@tuerca.demo');
  await expect(page.getByRole('menuitem', { name: 'Notificaciones' })).toHaveCount(0);
  await openMenu(page, 'Tiendas');
  const names = page.locator('td.column-name');
  await expect(names).toHaveCount(1);
  await names.first().click();
  const mobile = page.getByRole('textbox', { name: 'Celular (WhatsApp)' });
  await expect(mobile).not.toHaveValue('');
  const next = `+5732088${String(Date.now()).slice(-5)}`;
  await mobile.fill(next);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();
  await expect(page.locator('td.column-mobile')).toHaveText(next);
  await shoot(page, 'store-admin-store');
});

test('an operator picks stores and people by name instead of ids', async ({ page }) => {
  await loginToConsole(page, 'operador@tuerca.demo');

  // A seller's account names its store.
  await openMenu(page, 'Cuentas');
  await page.getByRole('cell', { name: 'vendedor@tuerca.demo' }).click();
  await expect(page.getByText('Repuestos La 68')).toBeVisible();
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const store = page.getByRole('combobox', { name: 'Tienda' });
  await expect(store).toHaveValue('Repuestos La 68');
  await shoot(page, 'user-store-picker');

  // The products of one store, chosen by name.
  await openMenu(page, 'Productos');
  await expect(page).toHaveURL(/\/admin\/products/);
  await page.getByRole('combobox', { name: 'Tienda' }).fill('La 68');
  await page.getByRole('option', { name: 'Repuestos La 68' }).click();
  await expect(page).toHaveURL(/storeId/);
  await expect(async () => {
    expect(new Set(await page.locator('td.column-storeName').allInnerTexts())).toEqual(new Set(['Repuestos La 68']));
  }).toPass({ timeout: 15_000 });

  // An import for a store, chosen by name.
  await openMenu(page, 'Importaciones');
  await page.getByRole('link', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/admin\/product-imports\/create$/);
  await page.getByRole('combobox', { name: 'Tienda' }).fill('La 68');
  await page.getByRole('option', { name: 'Repuestos La 68' }).click();
  await expect(page.getByRole('combobox', { name: 'Tienda' })).toHaveValue('Repuestos La 68');
  await shoot(page, 'import-store-picker');
});
