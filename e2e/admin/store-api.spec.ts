import { expect, test } from '@playwright/test';
import { loginToConsole, openMenu, shoot } from './helpers';

test('a store admin registers the store’s order API: the secret is shown once; a seller of another store never sees it', async ({
  page,
  browser,
}) => {
  await loginToConsole(page, 'refaccionaria@tuerca.demo');
  await openMenu(page, 'Clientes de API');
  await page.getByRole('link', { name: 'Crear' }).click();
  const name = `ERP Bajío ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await page.getByRole('textbox', { name: 'URL de la API' }).fill('https://erp.refaccionaria.example.mx/tuerca/pedidos');
  await page.getByRole('button', { name: 'Guardar' }).click();
  // The secret, once: 43 characters of base64url.
  await expect(page.getByText(/Guarda este secreto ahora, no se vuelve a mostrar: [A-Za-z0-9_-]{43}/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/store-api-clients\/[0-9a-f-]{36}\/show$/);
  await expect(page.getByText('https://erp.refaccionaria.example.mx/tuerca/pedidos')).toBeVisible();
  await expect(page.getByText(/^…[A-Za-z0-9_-]{4}$/)).toBeVisible();
  await shoot(page, 'store-api-client');

  // An address that is not a web address is refused in Spanish.
  await page.goto('/admin/store-api-clients/create');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Otro ERP');
  await page.getByRole('textbox', { name: 'URL de la API' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La dirección de la API no es válida: debe ser una dirección web segura.').first()).toBeVisible();

  // A seller of another store lists only their store's clients and cannot register one.
  const other = await browser.newPage();
  await loginToConsole(other, 'vendedor@tuerca.demo');
  await openMenu(other, 'Clientes de API');
  await expect(other.getByText(name)).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'Crear' })).toHaveCount(0);
  await other.close();
});
