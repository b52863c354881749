import { expect, test } from '@playwright/test';
import { PASSWORD, shoot } from './helpers';

test('a person out of plate consultations buys a plan through the sandbox gateway and sees the new balance', async ({ page }) => {
  // A new account has no plate consultations (the plate lookup has no free allowance for people).
  const email = `e2e-plan-${Date.now()}@tuerca.demo`;
  await page.goto('/users/page/login?registro');
  await page.getByLabel('Nombre completo').fill('Laura Prueba');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByLabel('Celular (WhatsApp)').fill('+573001234999');
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).last().click();
  await expect(page.getByTestId('account-button')).toBeVisible();

  await page.getByRole('button', { name: 'Buscar por placa' }).first().click();
  const panel = page.getByTestId('plate-panel');
  await expect(panel.getByTestId('plate-available')).toContainText('Consultas disponibles: 0');
  await panel.getByTestId('plate-input').fill('VAP829');
  await panel.getByTestId('captcha').getByText('No soy un robot').click();
  await expect(panel.getByTestId('captcha').getByText('Verificado')).toBeVisible({ timeout: 60_000 });
  await panel.getByRole('button', { name: 'Buscar', exact: true }).click();

  // 401 'Exhausted license plate inquiries': the plans modal.
  const plans = page.getByTestId('plans-modal');
  await expect(plans.getByRole('heading', { name: 'Planes de suscripción' })).toBeVisible();
  await expect(plans.getByText('Has agotado las consultas por placa')).toBeVisible();
  await expect(plans.getByRole('tab', { name: 'Consultas por placa' })).toHaveAttribute('aria-selected', 'true');
  const card = plans.getByTestId('plan-card').filter({ hasText: 'Placas 10' });
  await expect(card).toContainText('10 consultas');
  await shoot(page, 'plans-modal');

  await card.getByRole('button', { name: /Comprar plan/ }).click();
  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\?reference=/);
  await expect(page.getByRole('heading', { name: 'Pasarela de pagos de prueba' })).toBeVisible();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();

  await expect(page).toHaveURL(/\/planes\/resultado\?reference=/);
  await expect(page.getByTestId('payment-status')).toHaveText('Pago aprobado', { timeout: 30_000 });
  await expect(page.getByTestId('new-balance')).toContainText('Saldo de consultas por placa: 10 consultas');
  await shoot(page, 'payment-result');

  await page.getByRole('button', { name: 'Buscar por placa' }).first().click();
  await expect(page.getByTestId('plate-panel').getByTestId('plate-available')).toContainText('Consultas disponibles: 10');
});
