import { expect, test, type Page } from '@playwright/test';
import { homeSearch, login, shoot } from './helpers';

/** The human check works by itself from the 5th character (Web Workers); it says when it is done. */
async function captchaSolved(page: Page) {
  const captcha = page.getByTestId('captcha');
  await expect(captcha).toHaveAttribute('data-state', 'solved', { timeout: 60_000 });
  await expect(captcha.getByText('Verificación completada')).toBeVisible();
}

test('a plate lookup with the human check saves the vehicle to the garage', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  await homeSearch(page, 'uec-793');
  const panel = page.getByTestId('plate-panel');
  await expect(panel.getByRole('heading', { name: 'Consulta de vehículo por placa' })).toBeVisible();
  await expect(panel.getByTestId('plate-input')).toHaveValue('UEC793');
  await expect(panel.getByTestId('plate-display')).toHaveText('UEC793');
  await expect(panel.getByTestId('plate-available')).toContainText('Consultas disponibles');

  await captchaSolved(page);
  await shoot(page, 'plate-panel');
  await panel.getByRole('button', { name: 'Buscar', exact: true }).click();
  const card = panel.getByTestId('vehicle-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Vehículo encontrado en Tuerca');
  await expect(card).toContainText('Toyota');
  await expect(page.getByText('Vehículo creado en tu garaje')).toBeVisible();
  await shoot(page, 'plate-vehicle-card');

  await panel.getByTestId('go-to-garage').click();
  await expect(page).toHaveURL(/\/garaje$/);
  await expect(page.getByRole('heading', { name: 'Mi garaje' })).toBeVisible();
  await expect(page.getByTestId('garage-row').filter({ hasText: 'UEC793' })).toBeVisible();
  await shoot(page, 'garage');
});

test('the plate display splits Mexican plates 3+2+2 and Colombian ones 3+3; rules come from the contracts', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Buscar por placa' }).click();
  const panel = page.getByTestId('plate-panel');
  // While the human check works, 'Buscar' waits (the challenge is held back here to see it wait).
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/garage/captcha/challenge', async (route) => {
    await held;
    await route.continue();
  });
  await panel.getByTestId('plate-input').fill('ABC123');
  await expect(panel.getByTestId('captcha')).toHaveAttribute('data-state', 'solving');
  await expect(panel.getByText('Verificando que eres una persona...')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Buscar', exact: true })).toBeDisabled();
  release();
  await captchaSolved(page);
  await expect(panel.getByRole('button', { name: 'Buscar', exact: true })).toBeEnabled();
  await page.unroute('**/api/garage/captcha/challenge');

  // A wrong plate can still be submitted: the rule says what is wrong with it.
  await panel.getByTestId('plate-input').fill('abc-12');
  await expect(panel.getByTestId('plate-display')).toHaveText('ABC12');
  await expect(panel.getByTestId('captcha')).toBeVisible();
  await panel.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(panel.getByText('La placa del vehículo debe contener 6 caracteres.')).toBeVisible();
  await panel.getByLabel('País de la placa').click();
  await page.getByRole('option', { name: 'México' }).click();
  await panel.getByTestId('plate-input').fill('SCN1061');
  const parts = panel.getByTestId('plate-display').locator('span');
  await expect(parts).toHaveText(['SCN', '10', '61']);
});
