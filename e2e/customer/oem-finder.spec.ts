import { expect, test } from '@playwright/test';
import { homeSearch, login, shoot } from './helpers';

// A head-gasket number of the demo Chevrolet catalogue (4 vehicles, unit 101-010).
const OEM = '43501802';

test('the OEM finder drills down catalogues, vehicles, groups and parts at the spec routes', async ({ page }) => {
  // Level 1: oem alone gives the catalogues (findCatalogsByOem), with the substitutions below.
  await page.goto(`/catalogo/catalog/v2/oem=${OEM}/searchOem`);
  const catalogs = page.getByTestId('oem-catalogs');
  await expect(page.getByRole('heading', { name: `Número de parte ${OEM}` })).toBeVisible();
  await expect(catalogs).toContainText('Empaque de culata');
  await expect(catalogs).toContainText(`Catálogos en los que aparece el número de parte ${OEM}`);
  await expect(page.getByTestId('oem-substitutions')).toBeVisible();
  await shoot(page, 'oem-catalogs');

  // Level 2: plus catalog gives the vehicles (findVehicleByOem).
  await catalogs.getByRole('link', { name: /Chevrolet/ }).click();
  await expect(page).toHaveURL(new RegExp(`/catalogo/catalog/v2/oem=${OEM}&catalog=CHEV/searchOem$`));
  await expect(page.getByTestId('oem-finder-vehicles')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Vehículos de Chevrolet con el número de parte ${OEM}` })).toBeVisible();
  const vehicles = page.getByTestId('oem-vehicles');
  await expect(vehicles.getByRole('row')).toHaveCount(5);
  await expect(vehicles).toContainText('Spark GT 1.2 B12D1');
  await shoot(page, 'oem-vehicles');

  // Level 3: plus vid gives the groups where the number appears (the OemGroups area, findPartInVehicle).
  await vehicles
    .getByRole('link', { name: /Ingresar Spark GT 1\.2 B12D1/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/oem=${OEM}&catalog=CHEV&vid=[^&/]+&v=[^&/]+&ssd=[^&/]+/searchOem$`));
  await expect(page.getByTestId('oem-finder-groups')).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`Diagramas de Spark GT .* con el número de parte ${OEM}`) })).toBeVisible();
  const unit = page.getByTestId('oem-unit').first();
  await expect(unit).toContainText('Culata, tapa de válvulas y empaques');
  await expect(unit).toContainText(`Empaque de culata · ${OEM}`);
  await shoot(page, 'oem-groups');

  // Level 4: plus uid gives the unit's parts, the searched number marked.
  await unit.getByRole('link', { name: /^Piezas/ }).click();
  await expect(page).toHaveURL(/&uid=[^&/]+\/searchOem$/);
  await expect(page.getByTestId('oem-finder-parts')).toBeVisible();
  const hit = page.getByTestId('oem-part-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText(OEM);
  await expect(hit).toContainText('Número de parte buscado');
  await expect(
    page.getByRole('heading', { name: `Piezas de Culata, tapa de válvulas y empaques con el número de parte ${OEM}` }),
  ).toBeVisible();
  await shoot(page, 'oem-parts');

  // The breadcrumb walks back up the levels; 'Ver diagrama' opens the normal unit page.
  const levels = page.getByRole('navigation', { name: 'Niveles de la búsqueda por número de parte' });
  await expect(levels).toContainText('Catálogos');
  await expect(levels).toContainText('Chevrolet');
  await page.getByRole('link', { name: 'Ver diagrama' }).click();
  await expect(page).toHaveURL(/\/catalogo\/catalog\/v2\/catalog=CHEV\/m=&ssd=[^/]+\/v=[^/]+&vid=[^/]+\/uid=[^/]+&ssd=[^/]+$/);
  await expect(page.getByTestId('diagram')).toBeVisible();
  await page.goBack();
  await page
    .getByRole('navigation', { name: 'Niveles de la búsqueda por número de parte' })
    .getByRole('link', { name: 'Catálogos' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/oem=${OEM}/searchOem$`));
});

test('the OEM finder says when a number is missing, and offers other manufacturers', async ({ page }) => {
  await page.goto('/catalogo/catalog/v2/oem=ZZZ999/searchOem');
  await expect(page.getByText('Número de parte ZZZ999 no fue encontrado')).toBeVisible();

  // A catalogue without the number: 'Pero encontramos sustituciones para otros fabricantes' and 'Ver todo'.
  await page.goto(`/catalogo/catalog/v2/oem=${OEM}&catalog=FIAT/searchOem`);
  const others = page.getByTestId('oem-other-manufacturers');
  await expect(others).toContainText(`Número de parte ${OEM} no fue encontrado`);
  await expect(others).toContainText('Pero encontramos sustituciones para otros fabricantes');
  await shoot(page, 'oem-other-manufacturers');
  await others.getByRole('link', { name: 'Chevrolet' }).click();
  await expect(page).toHaveURL(new RegExp(`/oem=${OEM}&catalog=CHEV/searchOem$`));
  await page.goBack();
  await page.getByTestId('oem-other-manufacturers').getByRole('link', { name: 'Ver todo' }).click();
  await expect(page).toHaveURL(new RegExp(`/oem=${OEM}/searchOem$`));
  await expect(page.getByTestId('oem-catalogs')).toBeVisible();
});

test('a catalogue with detailapplicability offers an OEM search box in the vehicle that opens the groups level', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  await homeSearch(page, '9GABLREU7CS000001');
  await expect(page.getByRole('tab', { name: 'Grupos' })).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Buscar un número de parte en este vehículo' });
  await box.fill('42');
  await box.press('Enter');
  await expect(page.getByText('La búsqueda debe contener mínimo 3 caracteres.')).toBeVisible();
  await box.fill(OEM);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/oem=${OEM}&catalog=CHEV&vid=[^&/]+&v=[^&/]+&ssd=[^&/]+&q=9GABLREU7CS000001/searchOem$`));
  await expect(page.getByTestId('oem-finder-groups')).toBeVisible();
  await expect(page.getByTestId('oem-unit').first()).toContainText(OEM);
});
