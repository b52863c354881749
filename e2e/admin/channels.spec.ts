import { expect, test } from '@playwright/test';
import { loginToConsole, openMenu, shoot } from './helpers';

/**
 * issue 18: a seller's outside sales channels in the operator console — the MercadoLibre card (connection, the
 * indicators of indicatorsForProductsInML, the plan's free publications) and the Google Merchant Center feed —
 * at 1366 px and 390 px; the operator's lists of stores' channels and external listings.
 */
for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a seller sees the store's channels and sends its products to Google Merchant Center (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await loginToConsole(page, 'vendedor@tuerca.demo');
    if (viewport.width >= 600) await openMenu(page, 'Canales de venta');
    else await page.goto('/admin/channels');
    const ml = page.getByTestId('channels-mercadolibre');
    await expect(ml.getByRole('heading', { name: 'Mercado Libre' })).toBeVisible();
    await expect(ml.getByTestId('ml-state')).toHaveText(/Sin conectar|Conectada/);
    await expect(ml.getByTestId('ml-free')).toHaveText(/\d+ \/ 20/);
    await expect(ml.getByText('Publicaciones gratis disponibles')).toBeVisible();
    await expect(ml.getByRole('button', { name: /Conectar con Mercado Libre|Volver a autorizar/ })).toBeVisible();

    const gmc = page.getByTestId('channels-merchant');
    await expect(gmc.getByRole('heading', { name: 'Google Merchant Center' })).toBeVisible();
    await gmc.getByRole('button', { name: 'Enviar a Google' }).click();
    await expect(page.getByText('Los productos de tu tienda se enviarán a Google Merchant Center.')).toBeVisible();
    await expect(gmc.getByText('Enviando')).toBeVisible();
    await expect(gmc.getByRole('link', { name: /\/api\/integrations\/googleMerchant\/feed\// })).toBeVisible();
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(page, `channels-seller-${viewport.name}`);
  });
}

test('an operator lists the stores channels and the external listings', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginToConsole(page, 'operador@tuerca.demo');
  await openMenu(page, 'Canales por tienda');
  await expect(page.getByRole('cell', { name: 'Repuestos La 68' })).toBeVisible();
  await shoot(page, 'channels-operator-stores');
  await openMenu(page, 'Publicaciones externas');
  await expect(page.getByRole('heading', { name: 'Publicaciones externas' })).toBeVisible();
  await shoot(page, 'channels-operator-listings');
});
