import { expect, test } from '@playwright/test';
import { PASSWORD, registrationLink, shoot } from './helpers';

async function fillRegistration(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/users/page/login?registro');
  await page.getByLabel('Nombre completo').fill('Valentina Prueba');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).last().click();
}

test('signing up: a guessable password is refused, the e-mailed link creates the account, and an existing e-mail gets the same answer', async ({
  page,
}) => {
  const email = `e2e-registro-${Date.now()}@tuerca.demo`;

  await fillRegistration(page, email, '11111111');
  await expect(page.getByText('Esta contraseña es fácil de adivinar: elige otra.', { exact: false })).toBeVisible();

  await fillRegistration(page, email, PASSWORD);
  const sent = page.getByTestId('registration-sent');
  await expect(sent).toContainText(`Te enviamos un correo a ${email}.`);
  await shoot(page, 'registration-sent');

  await page.goto(await registrationLink(page, email));
  await expect(page.getByText('Tu cuenta quedó activa. ¡Bienvenido a Tuerca!')).toBeVisible();
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.getByTestId('account-button').click();
  await expect(page.getByRole('menuitem', { name: email })).toBeVisible();
  await page.keyboard.press('Escape');

  // The link works once.
  const link = await registrationLink(page, email);
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page.goto(link);
  await expect(page.getByText('El enlace de verificación no es válido o ya venció.', { exact: false })).toBeVisible();

  // Registering an e-mail that has an account answers exactly as for a new one.
  await fillRegistration(page, 'cliente@tuerca.demo', PASSWORD);
  await expect(page.getByTestId('registration-sent')).toContainText('Te enviamos un correo a cliente@tuerca.demo.');
});
