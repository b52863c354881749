import { expect, test } from '@playwright/test';
import { loginToConsole, shoot } from './helpers';

test('a seller sees only their own store’s products', async ({ page, playwright, baseURL }) => {
  await loginToConsole(page, 'vendedor@tuerca.demo');
  // Sellers do not see operators' resources.
  await expect(page.getByRole('menuitem', { name: 'Cuentas' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Planes de cobro' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Productos' }).click();
  await expect(page.getByText('Ves solo los productos de tu tienda.')).toBeVisible();
  const stores = page.locator('td.column-storeName');
  await expect(stores.first()).toBeVisible();
  const names = new Set(await stores.allInnerTexts());
  expect([...names]).toEqual(['Repuestos La 68']);
  await shoot(page, 'seller-products');

  // Another store's products are not reachable by id either.
  const other = await playwright.request.newContext({ baseURL });
  await other.post('/api/users/auth/login', { data: { email: 'refaccionaria@tuerca.demo', password: 'Tuerca2026!' } });
  const theirs = (await (await other.get('/admin-api/products?range=[0,0]')).json()) as { id: string }[];
  await other.dispose();
  expect(theirs).toHaveLength(1);
  await page.goto(`/admin/products/${theirs[0]!.id}`);
  await expect(page.getByText(/no encontrado|No tienes permiso|no existe/i).first()).toBeVisible();
});
