import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SEED, demoPeople, marketplaceProducts } from '@tuerca/demo-data';
import { loginToConsole, openMenu, shoot } from './helpers';

const storeId = demoPeople(DEFAULT_SEED).find((p) => p.email === 'vendedor@tuerca.demo')!.storeId!;
/** A product of the seller's store that MercadoLibre takes: published, in stock, with make, model and year to list. */
const product = [...marketplaceProducts(DEFAULT_SEED, 1, { now: new Date() })].find(
  (p) =>
    p.storeId === storeId &&
    p.state === 'published' &&
    p.inventario > 0 &&
    p.compatibleVehicles.some((v) => v.full_models.length > 0 && v.years.length > 0),
)!;

/** The seller's Productos list narrowed to the product, its row chosen, and 'Publicar en Mercado Libre' pressed. */
async function publishFromProducts(page: Page) {
  await openMenu(page, 'Productos');
  await page.getByRole('textbox', { name: 'Referencia' }).fill(product.referencia_1);
  const row = page.getByRole('row').filter({ hasText: product.title });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publicar en Mercado Libre' }).click();
}

/**
 * issue 18: a seller connects the store's MercadoLibre account through MercadoLibre's authorization page (the local
 * stand-in that follows its published OAuth contract, started by the e2e server on loopback), is told a
 * marketplace-integration plan is needed, gets one (an operator's credit), publishes a product from «Productos» and
 * sees it published in the indicators of «Canales de venta».
 */
test('a seller connects MercadoLibre, publishes a product once the store has a plan, and sees it in the indicators', async ({
  page,
  browser,
}) => {
  expect(product, 'the demo store has a product with vehicles').toBeTruthy();
  await loginToConsole(page, 'vendedor@tuerca.demo');
  await openMenu(page, 'Canales de venta');
  const ml = page.getByTestId('channels-mercadolibre');
  await expect(ml.getByTestId('ml-state')).toHaveText('Sin conectar');

  // MercadoLibre's authorization page, then back to the console connected.
  await ml.getByRole('button', { name: 'Conectar con Mercado Libre' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/authorization\?/);
  await expect(page.getByRole('heading', { name: /Autoriza a la aplicación/ })).toBeVisible();
  await expect(page.getByText('REPUESTOSLA68')).toBeVisible();
  await shoot(page, 'mercadolibre-authorization', { fullPage: false });
  await page.getByRole('button', { name: 'Permitir', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/channels/);
  await expect(page.getByText('Tu tienda quedó conectada con Mercado Libre.')).toBeVisible();
  await expect(ml.getByTestId('ml-state')).toHaveText('Conectada');
  await expect(ml.getByText('Cuenta de Mercado Libre: REPUESTOSLA68')).toBeVisible();
  await expect(ml.getByTestId('ml-plan')).toContainText('Sin plan de Integración con Mercado Libre vigente');

  // Without a marketplace-integration plan nothing is listed, and the seller is told why.
  await publishFromProducts(page);
  await expect(
    page.getByText('Para publicar en Mercado Libre tu tienda necesita un plan de Integración con Mercado Libre vigente'),
  ).toBeVisible();

  // An operator credits the seller the plan (billing announces it; integrations follows).
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await loginToConsole(operator, 'operador@tuerca.demo');
  await openMenu(operator, 'Saldos de consultas');
  await operator.getByRole('link', { name: 'Crear' }).click();
  // The form first: text typed into a field before react-admin has set the form up is reset with it.
  await expect(operator).toHaveURL(/\/admin\/consultation-balances\/create$/);
  await expect(operator.getByText('El motivo queda auditado')).toBeVisible();
  await operator.getByRole('combobox', { name: 'Persona' }).fill('vendedor@');
  await operator.getByRole('option', { name: /vendedor@tuerca\.demo/ }).click();
  await operator.getByRole('combobox', { name: 'Tipo' }).click();
  await operator.getByRole('option', { name: 'Integración con Mercado Libre' }).click();
  await operator.getByLabel('Acreditadas').fill('1');
  await operator.getByLabel('Motivo').fill('Plan de prueba de la integración con Mercado Libre');
  await operator.getByRole('button', { name: 'Guardar' }).click();
  await expect(operator.getByText('Elemento creado')).toBeVisible();
  await operatorContext.close();

  await openMenu(page, 'Canales de venta');
  await expect(async () => {
    await page.reload();
    await expect(ml.getByTestId('ml-plan')).toContainText('vigente hasta', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  await publishFromProducts(page);
  await expect(page.getByText('1 producto quedó en cola para publicarse en Mercado Libre.')).toBeVisible();

  // The worker lists it on MercadoLibre (the stand-in) with its compatibilities; the indicators show it.
  await openMenu(page, 'Canales de venta');
  await expect(async () => {
    await page.reload();
    await expect(ml.getByTestId('ml-published')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(ml.getByTestId('ml-errors')).toHaveText('0');
  await expect(ml.getByTestId('ml-free')).toHaveText('19 / 20');
  await shoot(page, 'channels-mercadolibre-published');
});
