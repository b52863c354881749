import { expect, test, type APIRequestContext } from '@playwright/test';
import { login, shoot } from './helpers';

// A Chevrolet Spark GT of the demo catalogue's own VIN index.
const VIN = '9GABLREU7CS000001';
const OLD = '/catalogo/catalog/index';

interface Found {
  brand: string;
  catalogId: string;
  modelName: string;
  modelId: string;
  carId: string;
  criteria: string;
}

/** The old-generation link another site would share: the car segment with q and criteria (001 §2). */
async function sharedLink(request: APIRequestContext, withVin = true) {
  const res = await request.get('/api/catalogo/catalog/vehicleForVinOrFrame', { params: { vinOrFrame: VIN } });
  expect(res.status()).toBe(200);
  const [found] = (await res.json()).data as Found[];
  const seg = (v: Record<string, string>) =>
    Object.entries(v)
      .map(([k, x]) => `${k}=${encodeURIComponent(x)}`)
      .join('&');
  const car = withVin ? seg({ carId: found!.carId, q: VIN, criteria: found!.criteria }) : seg({ carId: found!.carId });
  return {
    found: found!,
    url: `${OLD}/${seg({ c: found!.brand, catalogId: found!.catalogId })}/${seg({ m: found!.modelName, modelId: found!.modelId })}/${car}`,
  };
}

test('a guest opens an old-generation link with q and criteria and reaches the groups', async ({ page }) => {
  const { url, found } = await sharedLink(page.request);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chevrolet');
  const groups = page.getByTestId('old-groups');
  await expect(groups.getByRole('button').first()).toBeVisible();
  await expect(page.getByText('Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.')).toHaveCount(0);
  // The breadcrumb's named routes lead back to the catalogue's cars ('models') with the spec's formats.
  await expect(page.getByRole('link', { name: found.modelName, exact: true })).toHaveAttribute(
    'href',
    new RegExp(`/m=[^/]+&modelId=${found.modelId}$`),
  );
  await shoot(page, 'old-catalogue-groups-guest');
  // 001 §4: a guest selecting a group gets the login modal.
  await groups.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a guest without q and criteria gets the login, and always for a parts diagram', async ({ page }) => {
  const { url } = await sharedLink(page.request, false);
  await page.goto(url);
  await expect(page.getByTestId('forced-login')).toContainText(
    'Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.',
  );
  await expect(page.getByTestId('old-groups')).toHaveCount(0);
  await page.goto(`${url}/sg=Diagrama&subGroupId=x`);
  await expect(page.getByTestId('forced-login')).toBeVisible();
});

test('a workshop walks cars, groups and subgroups to a parts diagram and downloads the Excel', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  // The VIN search of the old generation opens the car's groups with q and criteria.
  await page.goto(`${OLD}/search/${VIN}`);
  await expect(page).toHaveURL(
    /\/catalogo\/catalog\/index\/c=Chevrolet&catalogId=[^/]+\/m=[^/]+&modelId=m[0-9a-f]+\/carId=c[0-9a-f]+&q=9GABLREU7CS000001&criteria=[^/]+$/,
  );

  // The model's cars: 'Viendo X de Y', sortable columns, a row opens the car ('groups' named route).
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link').nth(2).click();
  await expect(page.getByTestId('old-cars-count')).toContainText(/Viendo \d+ de \d+/);
  await page.getByRole('button', { name: 'Nombre' }).click();
  await expect(page.getByTestId('old-car').first()).toBeVisible();
  await shoot(page, 'old-catalogue-cars');
  await page.getByTestId('old-car').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/carId=c[0-9a-f]+$/);

  const groups = page.getByTestId('old-groups');
  await groups.getByRole('button').first().click();
  await expect(page).toHaveURL(/&g=[^/&]+&groupId=[^/&]+$/);
  const tile = page.getByTestId('old-subgroup').first();
  await expect(tile).toBeVisible();
  await shoot(page, 'old-catalogue-subgroups');

  // 'Descargar': a real .xlsx in a new tab (downloadPartsCatalog).
  const excel = page.context().waitForEvent('response', (r) => r.url().includes('/api/catalogo/catalog/exportExcel'));
  await page.getByRole('button', { name: 'Descargar' }).click();
  const answer = await excel;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('spreadsheetml');

  await tile.click();
  await expect(page).toHaveURL(/\/sg=[^/]+&subGroupId=[^/]+$/);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.getByRole('img')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Cantidad' })).toBeVisible();
  await expect(page.getByTestId('hotspot-1').first()).toBeVisible();
  await shoot(page, 'old-catalogue-parts');
  await page.getByTestId('hotspot-1').first().click();
  await expect(page.getByTestId('product-search-modal').or(page.getByTestId('hotspot-options'))).toBeVisible();
});
