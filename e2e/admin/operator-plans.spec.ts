import { expect, test } from '@playwright/test';
import { loginToConsole, openMenu, shoot } from './helpers';

test('an operator logs in, creates a charging plan, and customers see it in the customer console’s plans modal', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const title = `Plan consola ${Date.now().toString(36)}`;
  await loginToConsole(page, 'operador@tuerca.demo', { screenshot: 'login' });

  await openMenu(page, 'Planes de cobro');
  await expect(page).toHaveURL(/\/admin\/charging-plans/);
  await expect(page.getByRole('columnheader', { name: 'Tipo de transacción' })).toBeVisible();
  await shoot(page, 'charging-plans');

  await page.getByRole('link', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/admin\/charging-plans\/create$/);
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByRole('textbox', { name: 'Descripción' }).fill('25 consultas de sustituciones creadas desde la consola');
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

  // The customer console (served at '/', a fresh visitor): its plans modal «Planes de suscripción», opened from
  // a part number's substitutions («ver planes» / «Ver planes»), offers the new plan on the substitutions tab.
  const visitor = await browser.newContext({ baseURL });
  try {
    const customer = await visitor.newPage();
    await customer.goto('/');
    await customer.getByTestId('home-search').fill('WK 616/1');
    await customer.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(customer).toHaveURL(/\/catalogo\/page\/results\?search=/);
    await customer.getByRole('tab', { name: 'Sustituciones' }).click();
    const substitutions = customer.getByTestId('oem-substitutions');
    await expect(substitutions).toBeVisible();
    await substitutions.getByText('ver planes', { exact: true }).click();
    const plans = customer.getByTestId('plans-modal');
    // «ver planes» either opens the modal or first shows the balance with a «Ver planes» button.
    const seePlans = substitutions.getByRole('button', { name: 'Ver planes', exact: true });
    await expect(plans.or(seePlans).first()).toBeVisible();
    if (await seePlans.isVisible()) await seePlans.click();
    await expect(plans.getByRole('heading', { name: 'Planes de suscripción' })).toBeVisible();
    await expect(plans.getByRole('tab', { selected: true })).toHaveText(/sustituciones/i);
    const card = plans.getByTestId('plan-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('25 consultas');
    await expect(card).toContainText('25 consultas de sustituciones creadas desde la consola');
    await card.scrollIntoViewIfNeeded();
    await shoot(customer, 'customer-plans-modal', { fullPage: false });
  } finally {
    await visitor.close();
  }
});
