import { expect, test, type Page } from '@playwright/test';
import { login, shoot } from './helpers';

async function openAddresses(page: Page) {
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Mis direcciones' }).click();
  await expect(page.getByRole('heading', { name: 'Mis direcciones' })).toBeVisible();
}

test('a person keeps shipping addresses in Colombia and México: add, validate, choose the default, delete', async ({ page }) => {
  await login(page, 'cliente@tuerca.demo');
  await openAddresses(page);
  await expect(page.getByText('Aún no tienes direcciones de envío guardadas.')).toBeVisible();

  // A Colombian address: department and municipality from the DANE list; the phone gets its +57.
  await page.getByRole('button', { name: 'Agregar dirección' }).first().click();
  const form = page.getByRole('form', { name: 'Agregar dirección' });
  await form.getByLabel('Nombre de quien recibe').fill('Ana Gómez');
  await form.getByLabel('Teléfono de contacto').fill('300 123 4567');
  await form.getByRole('combobox', { name: 'Departamento' }).fill('Antio');
  await page.getByRole('option', { name: 'Antioquia' }).click();
  await form.getByRole('combobox', { name: 'Municipio' }).fill('Medell');
  await page.getByRole('option', { name: 'Medellín' }).click();
  await form.getByRole('textbox', { name: /^Dirección/ }).fill('Calle 10 # 43A-30, bodega 2');
  await form.getByLabel('Barrio').fill('Laureles');
  await form.getByLabel('Nombre de la dirección (opcional)').fill('Taller');
  await shoot(page, 'address-form');
  await form.getByRole('button', { name: 'Guardar dirección' }).click();

  const cards = page.getByTestId('address-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Taller');
  await expect(cards.first()).toContainText('Principal');
  await expect(cards.first()).toContainText('Laureles, Medellín, Antioquia');
  await expect(cards.first()).toContainText('+57 300 123 4567');
  await expect(page.getByTestId('addresses-count')).toHaveText('1 dirección');

  // A Mexican address whose postal code belongs to another state is refused on its field, in Spanish.
  await page.getByRole('button', { name: 'Agregar dirección' }).first().click();
  const mx = page.getByRole('form', { name: 'Agregar dirección' });
  await mx.getByLabel('País').click();
  await page.getByRole('option', { name: 'México' }).click();
  await mx.getByLabel('Nombre de quien recibe').fill('Luis Pérez');
  await mx.getByLabel('Teléfono de contacto').fill('+52 477 123 4567');
  await mx.getByLabel('Estado').click();
  await page.getByRole('option', { name: 'Guanajuato' }).click();
  await mx.getByLabel('Código postal').fill('44100');
  await mx.getByLabel('Municipio o alcaldía').fill('León');
  await mx.getByLabel('Colonia').fill('Centro');
  await mx.getByRole('textbox', { name: /^Dirección/ }).fill('Av. Madero 120, local 3');
  await mx.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(mx.getByText('El código postal 44100 no corresponde a Guanajuato')).toBeVisible();
  await mx.getByLabel('Código postal').fill('37000');
  await mx.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('addresses-count')).toHaveText('2 direcciones');

  // The Mexican one becomes the default: it moves first with the chip.
  await cards.filter({ hasText: 'León' }).getByRole('button', { name: 'Usar como principal' }).click();
  await expect(cards.first()).toContainText('León');
  await expect(cards.first()).toContainText('Principal');
  await expect(cards.nth(1)).not.toContainText('Principal');
  await shoot(page, 'addresses');

  // Deleting asks first, then the list keeps the other one.
  await cards.filter({ hasText: 'Medellín' }).getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('Dirección eliminada')).toBeVisible();
});

test('a guest is asked to log in to see addresses', async ({ page }) => {
  await page.goto('/users/page/direcciones');
  await expect(page.getByText('Inicia sesión para ver y guardar tus direcciones de envío.')).toBeVisible();
});
