import { expect, test } from '@playwright/test';
import { addGarageVehicle, registerUser, shoot } from './helpers';

test('the vehicle card shows each button only under its condition', async ({ page }) => {
  await registerUser(page, 'card');
  // A VIN of the catalogue's own index, a VIN of a vehicle the catalogue does not carry (a 2003 Honda Accord), and a test vehicle.
  await addGarageVehicle(page, { license_plate: 'VCD101', brand: 'Chevrolet', model: 'Spark GT', year: 2012, vin: '9GABLREU7CS000001' });
  await addGarageVehicle(page, { license_plate: 'VCD202', brand: 'Honda', model: 'Accord', year: 2003, vin: '1HGCM82633A004352' });
  await addGarageVehicle(page, {
    license_plate: 'VCD303',
    brand: 'Chevrolet',
    model: 'Spark GT',
    year: 2012,
    vin: '9GABLREU7CS000001',
    is_test: true,
  });
  await page.goto('/garaje');
  await expect(page.getByTestId('garage-row')).toHaveCount(3);

  // VIN in the catalogue: 'Ver autopartes en el catálogo' opens the VIN search in a new tab, with the
  // vehicle's opaque token instead of its VIN.
  await page.getByRole('button', { name: 'Ver ficha del vehículo VCD101' }).click();
  let dialog = page.getByRole('dialog', { name: 'Ficha del vehículo VCD101' });
  let card = dialog.getByTestId('vehicle-card');
  await expect(card).toContainText('Vehículo encontrado en Tuerca');
  const catalog = card.getByRole('link', { name: 'Ver autopartes en el catálogo' });
  await expect(catalog).toHaveAttribute('href', /^\/catalogo\/catalog\/v2\/search\/vt1\./);
  await expect(catalog).toHaveAttribute('target', '_blank');
  await expect(card.getByRole('button', { name: 'Solicitar cotización de autopartes' })).toBeVisible();
  // Not a virtual store: no 'available products' button.
  await expect(card.getByText('Productos disponibles para la marca y el modelo')).toHaveCount(0);
  await expect(card.getByTestId('diagram-unavailable')).toHaveCount(0);
  await shoot(page, 'vehicle-card-catalog');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // VIN not in the catalogue: no catalogue button, the diagram notice instead.
  await page.getByRole('button', { name: 'Ver ficha del vehículo VCD202' }).click();
  dialog = page.getByRole('dialog', { name: 'Ficha del vehículo VCD202' });
  card = dialog.getByTestId('vehicle-card');
  await expect(card.getByTestId('diagram-unavailable')).toHaveText(
    '* La opción de búsqueda en diagrama de partes, no está disponible para este vehículo.',
  );
  await expect(card.getByRole('link', { name: 'Ver autopartes en el catálogo' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Solicitar cotización de autopartes' })).toBeVisible();
  await shoot(page, 'vehicle-card-no-catalog');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // A test vehicle skips the catalogue check.
  await page.getByRole('button', { name: 'Ver ficha del vehículo VCD303' }).click();
  card = page.getByRole('dialog', { name: 'Ficha del vehículo VCD303' }).getByTestId('vehicle-card');
  await expect(card.getByTestId('diagram-unavailable')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ver autopartes en el catálogo' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The garage's own catalogue icon follows the same condition.
  await expect(page.getByRole('link', { name: 'Ver autopartes en el catálogo VCD101' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver autopartes en el catálogo VCD202' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ver autopartes en el catálogo VCD303' })).toHaveCount(0);

  // The quotation button stores the vehicle and goes to the home quotation page.
  await page.getByRole('button', { name: 'Ver ficha del vehículo VCD101' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Solicitar cotización de autopartes' }).click();
  await expect(page).toHaveURL(/\/home\/page\/cotizacion\?verifyShowVehicleQuotationForm/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tuerca.currentVehicle') ?? 'null'));
  expect(stored).toMatchObject({ license_plate: 'VCD101', brand: 'Chevrolet' });
});

test('in a virtual store the card offers the products for the brand and model in a new tab', async ({ page }) => {
  // The installation's isVirtualStore parameter (001 §3 app parameters), as a virtual store answers it.
  await page.route('**/api/core/appParameters', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, data: { ...body.data, isVirtualStore: true } } });
  });
  await registerUser(page, 'store');
  await addGarageVehicle(page, { license_plate: 'VCD404', brand: 'Toyota', model: 'Hilux', year: 2013, vin: 'JTDSDDJ10D0773455' });
  await page.goto('/garaje');
  await page.getByRole('button', { name: 'Ver ficha del vehículo VCD404' }).click();
  const card = page.getByRole('dialog').getByTestId('vehicle-card');
  const products = card.getByRole('link', { name: 'Productos disponibles para la marca y el modelo' });
  await expect(products).toHaveAttribute('href', '/catalogo/page/results?search=Toyota%20Hilux');
  await expect(products).toHaveAttribute('target', '_blank');
  await shoot(page, 'vehicle-card-virtual-store');
});
