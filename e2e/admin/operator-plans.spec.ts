import { expect, test } from '@playwright/test';
import { loginToConsole, openMenu, shoot } from './helpers';

test('an operator logs in, creates a charging plan, and customers see it among the active plans', async ({ page, playwright, baseURL }) => {
  const title = `Plan consola ${Date.now().toString(36)}`;
  await loginToConsole(page, 'operador@tuerca.demo', { screenshot: 'login' });

  await openMenu(page, 'Planes de cobro');
  await expect(page).toHaveURL(/\/admin\/charging-plans/);
  await expect(page.getByRole('columnheader', { name: 'Tipo de transacción' })).toBeVisible();
  await shoot(page, 'charging-plans');

  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Descripción').fill('25 consultas de sustituciones creadas desde la consola');
  await page.getByLabel('Tipo de transacción').click();
  await page.getByRole('option', { name: 'Consultas de sustituciones' }).click();
  await page.getByLabel('Consultas').fill('25');
  await page.getByLabel('Precio').fill('29900');
  await shoot(page, 'charging-plan-create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento creado')).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();

  // The customer API (a fresh visitor, no session) lists it among the active plans.
  const guest = await playwright.request.newContext({ baseURL });
  const res = await guest.get('/api/core/chargingPlans/getChargingPlansActive');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { plans: { title: string; transaction_type: string; price: number }[] } };
  expect(body.data.plans).toContainEqual(expect.objectContaining({ title, transaction_type: 'substitutions_consultations', price: 29900 }));
  await guest.dispose();
});
