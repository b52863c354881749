import { expect, test } from '@playwright/test';
import { loginToConsole, openMenu, shoot } from './helpers';

test('an operator goes through accounts, parameters, balances and error reports', async ({ page }) => {
  await loginToConsole(page, 'operador@tuerca.demo');

  await openMenu(page, 'Cuentas');
  await expect(page.getByRole('cell', { name: 'taller@tuerca.demo' })).toBeVisible();
  await shoot(page, 'users');
  await page.getByRole('cell', { name: 'taller@tuerca.demo' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/show$/);
  await expect(page.getByText('Saldos de la persona')).toBeVisible();
  await expect(page.getByText('Saldo de demostración').first()).toBeVisible();
  await shoot(page, 'user-show');

  // A threshold, edited through its schema, with its audited history.
  await openMenu(page, 'Parámetros');
  await page.getByRole('cell', { name: 'catalogV2FreeConsultationsWithLogin', exact: true }).click();
  const value = page.getByRole('spinbutton', { name: /^Valor/ });
  await expect(value).not.toHaveValue('');
  const next = String(Number(await value.inputValue()) + 1);
  await value.fill(next);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();
  await page.getByRole('cell', { name: 'catalogV2FreeConsultationsWithLogin', exact: true }).click();
  await expect(page.getByText('Historial de cambios').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: next, exact: true }).first()).toBeVisible();
  await shoot(page, 'app-parameter-history');

  // A manual credit with its reason.
  await openMenu(page, 'Saldos de consultas');
  await page.getByRole('link', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/admin\/consultation-balances\/create$/);
  await expect(page.getByText('El motivo queda auditado')).toBeVisible();
  await page.getByRole('combobox', { name: 'Persona' }).fill('cliente@');
  await page.getByRole('option', { name: /cliente@tuerca\.demo/ }).click();
  await page.getByLabel('Acreditadas').fill('5');
  await page.getByLabel('Motivo').fill('Compensación por una consulta fallida');
  await shoot(page, 'balance-credit');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento creado')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Compensación por una consulta fallida' }).first()).toBeVisible();
  await shoot(page, 'balances');

  await openMenu(page, 'Reportes de error');
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
  await shoot(page, 'error-reports');
});
