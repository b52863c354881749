import { expect, test } from '@playwright/test';
import { login, shoot } from './helpers';

test('the lite vehicle form: three mutually exclusive sections, validation and a vehicle created by hand', async ({ page }) => {
  await login(page, 'cliente@tuerca.demo');
  await page.goto('/garaje');
  await expect(page.getByRole('heading', { name: 'Mi garaje' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar vehículo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar vehículo' });
  await expect(dialog).toBeVisible();

  // Section 1 is open: the garage search states how many vehicles the person has ('Aún no tienes…', '1 vehículo', 'N vehículos').
  const garageSearch = dialog.getByRole('textbox', {
    name: /^(Aún no tienes vehículos en tu garaje|Tienes 1 vehículo\. Búscalo por vehículo, placa o VIN|Tienes \d+ vehículos\. Busca por vehículo, placa o VIN)$/,
  });
  await expect(garageSearch).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Elige un vehículo de tu garaje o completa los datos del vehículo.')).toBeVisible();

  // Opening section 3 collapses the others.
  await dialog.getByRole('button', { name: 'Crear vehículo ingresando los datos' }).click();
  await expect(garageSearch).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Elige un vehículo de tu garaje' })).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog.getByRole('button', { name: 'Crear vehículo con la placa' })).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog.getByRole('button', { name: 'Crear vehículo ingresando los datos' })).toHaveAttribute('aria-expanded', 'true');

  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('¡Este campo es requerido!').first()).toBeVisible();

  const plate = `QWE${String(Math.floor(Math.random() * 900) + 100)}`;
  await dialog.getByRole('combobox', { name: 'Marca' }).fill('Chev');
  await page.getByRole('option', { name: 'Chevrolet' }).click();
  await dialog.getByLabel('Modelo', { exact: true }).fill('Spark GT');
  await dialog.getByLabel('Año', { exact: true }).fill('1800');
  await dialog.getByLabel('Cilindraje', { exact: true }).fill('1200');
  await dialog.getByLabel('Placa', { exact: true }).fill(plate);
  await dialog.getByLabel('VIN', { exact: true }).fill('123');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Año inválido')).toBeVisible();
  await expect(dialog.getByText('El VIN debe ser de 17 caracteres')).toBeVisible();
  await shoot(page, 'vehicle-form');

  await dialog.getByLabel('Año', { exact: true }).fill('2019');
  await dialog.getByLabel('VIN', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Vehículo creado en tu garaje')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('garage-row').filter({ hasText: plate })).toBeVisible();

  // Section 1 finds it by plate and chooses it.
  await page.getByRole('button', { name: 'Agregar vehículo' }).click();
  await dialog.getByRole('textbox', { name: /^Tienes \d+ vehículos?\./ }).fill(plate);
  await dialog.getByRole('button', { name: new RegExp(`Chevrolet Spark GT 2019`) }).click();
  await expect(dialog.getByText(`Vehículo elegido: Chevrolet Spark GT ${plate}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
});
