import { expect, test } from '@playwright/test';
import { addGarageVehicle, registerUser, shoot } from './helpers';

test('the models view switcher toggles cards and a 3-column table, remembered locally, with one-time pulse markers', async ({ page }) => {
  await page.goto('/catalogo/catalog/v2/catalog=CHEV');
  await expect(page.getByRole('heading', { name: 'Modelos de CHEV' })).toBeVisible();
  const switcher = page.getByTestId('view-switcher');
  // 001 §2 Models: a cards/table toggle; the default preference is 'cards'.
  await expect(switcher.getByRole('button')).toHaveCount(2);
  await expect(switcher.getByRole('button', { name: 'Tarjetas en lista' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('view-pulse-table')).toBeVisible();
  await expect(page.getByTestId('view-pulse-cards')).toHaveCount(0);
  await shoot(page, 'view-switcher-models-cards');

  await switcher.getByRole('button', { name: 'Tabla' }).click();
  const table = page.getByTestId('models-table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('table')).toHaveCount(3);
  await expect(table.getByRole('columnheader', { name: 'Modelo' }).first()).toBeVisible();
  await expect(page.getByTestId('view-pulse-table')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tuerca.viewModes') ?? '{}'))).toMatchObject({
    catalogModels: 'table',
  });
  await shoot(page, 'view-switcher-models-table');

  // Remembered after a reload; both pulse markers are spent for good.
  await page.reload();
  await expect(page.getByTestId('models-table')).toBeVisible();
  await expect(page.getByTestId('view-switcher').getByRole('button', { name: 'Tabla' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('view-switcher').getByRole('button', { name: 'Tarjetas en lista' }).click();
  await expect(page.locator('[data-testid^="view-pulse-"]')).toHaveCount(0);

  // A model link in the table opens its vehicles.
  await page.getByTestId('view-switcher').getByRole('button', { name: 'Tabla' }).click();
  await page.getByTestId('models-table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/catalogo\/catalog\/v2\/catalog=CHEV\/m=[^/]+&ssd=/);
});

test('the garage lists vehicles as list cards, square cards or a table; the choice survives a reload', async ({ page }) => {
  await registerUser(page, 'views');
  await addGarageVehicle(page, { license_plate: 'VSW101', brand: 'Chevrolet', model: 'Spark GT', year: 2012, vin: '9GABLREU7CS000001' });
  await addGarageVehicle(page, { license_plate: 'VSW202', brand: 'Mazda', model: '3', year: 2018 });
  await page.goto('/garaje');
  await expect(page.getByRole('heading', { name: 'Mi garaje' })).toBeVisible();

  const switcher = page.getByTestId('view-switcher');
  await expect(switcher.getByRole('button')).toHaveCount(3);
  // Default 'cards' (list cards); the other two modes pulse until first used.
  await expect(page.getByTestId('garage-cards')).toBeVisible();
  await expect(page.getByTestId('garage-row')).toHaveCount(2);
  await expect(page.getByTestId('view-pulse-squareCards')).toBeVisible();
  await expect(page.getByTestId('view-pulse-table')).toBeVisible();
  await expect(page.getByTestId('garage-row').filter({ hasText: 'VSW101' })).toContainText('Chevrolet Spark GT 2012');
  await shoot(page, 'garage-view-cards');

  await switcher.getByRole('button', { name: 'Tarjetas cuadradas' }).click();
  await expect(page.getByTestId('garage-square-cards')).toBeVisible();
  await expect(page.getByTestId('view-pulse-squareCards')).toHaveCount(0);
  await expect(page.getByTestId('view-pulse-table')).toBeVisible();
  await shoot(page, 'garage-view-square-cards');

  await switcher.getByRole('button', { name: 'Tabla' }).click();
  await expect(page.getByTestId('garage-table')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Placa' })).toBeVisible();
  await expect(page.locator('[data-testid^="view-pulse-"]')).toHaveCount(0);
  await shoot(page, 'garage-view-table');

  await page.reload();
  await expect(page.getByTestId('garage-table')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tuerca.viewModes') ?? '{}'))).toMatchObject({ garage: 'table' });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tuerca.viewModesUsed') ?? '{}'))).toEqual({
    cards: true,
    squareCards: true,
    table: true,
  });
});
