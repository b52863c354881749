import { expect, test } from '@playwright/test';
import { registerUser, shoot } from './helpers';

test('a person out of plate consultations buys a plan through the sandbox gateway and sees the new balance', async ({ page }) => {
  // A new account has no plate consultations (the plate lookup has no free allowance for people).
  await registerUser(page, 'plan', { name: 'Laura Prueba', mobile: '+573001234999' });
  await expect(page.getByTestId('account-button')).toBeVisible();

  await page.getByRole('button', { name: 'Buscar por placa' }).first().click();
  const panel = page.getByTestId('plate-panel');
  await expect(panel.getByTestId('plate-available')).toContainText('Consultas disponibles: 0');
  // No dead end: with none left the panel offers the plans and the trial consultation before any search.
  const offer = panel.getByTestId('plate-exhausted');
  await expect(offer).toContainText('Has agotado las consultas por placa');
  await expect(offer.getByRole('button', { name: 'Ver planes' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Solicitar consulta de prueba' })).toBeVisible();
  await panel.getByTestId('plate-input').fill('VAP829');
  await expect(panel.getByTestId('captcha')).toHaveAttribute('data-state', 'solved', { timeout: 60_000 });
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

test('a person out of plate consultations asks for the trial consultation and looks the plate up', async ({ page }) => {
  // Sign-up confirms the e-mail address first (registerUser follows the e-mailed link).
  await registerUser(page, 'trial', { name: 'Andrés Prueba', mobile: '+573001234998' });
  await expect(page.getByTestId('account-button')).toBeVisible();

  await page.getByRole('button', { name: 'Buscar por placa' }).first().click();
  const panel = page.getByTestId('plate-panel');
  await expect(panel.getByTestId('plate-available')).toContainText('Consultas disponibles: 0');
  await panel.getByTestId('plate-exhausted').getByRole('button', { name: 'Solicitar consulta de prueba' }).click();
  await expect(page.getByText('Solicitud enviada')).toBeVisible();
  await expect(panel.getByTestId('plate-available')).not.toContainText('Consultas disponibles: 0');
  await expect(panel.getByTestId('plate-exhausted')).toHaveCount(0);
  await shoot(page, 'plate-trial', ['phone']);

  await panel.getByTestId('plate-input').fill('VAP829');
  await expect(panel.getByTestId('captcha')).toHaveAttribute('data-state', 'solved', { timeout: 60_000 });
  await panel.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(panel.getByTestId('vehicle-card')).toBeVisible();
});
