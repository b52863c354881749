import { expect, test, type Page } from '@playwright/test';
import { homeSearch, shoot } from './helpers';

/**
 * Issue 14: the right vehicle. A guest looks up a demo plate, the card leads to that exact vehicle's groups in
 * the catalogue (the card never shows the VIN whole, the link carries an opaque token); a VIN outside the
 * catalogue's index gives the '¿Cuál es tu vehículo?' picker, never a vehicle shown as found.
 */

async function captchaSolved(page: Page) {
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-state', 'solved', { timeout: 60_000 });
}

for (const size of [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport });

    test('a guest looks up a demo plate → the card → its exact vehicle’s groups', async ({ page, context }) => {
      await homeSearch(page, 'aac-054');
      const panel = page.getByTestId('plate-panel');
      await expect(panel.getByTestId('plate-input')).toHaveValue('AAC054');
      await captchaSolved(page);
      await panel.getByRole('button', { name: 'Buscar', exact: true }).click();
      const card = panel.getByTestId('vehicle-card');
      await expect(card).toContainText('Vehículo encontrado en Tuerca');
      await expect(card.getByRole('heading', { name: 'Mazda 3 2018', exact: true })).toBeVisible();
      // The VIN is masked: the manufacturer and the last four.
      await expect(card).toContainText(/JM1•{10}[A-Z0-9]{4}/);
      const link = card.getByTestId('view-parts-in-catalog');
      await expect(link).toHaveAttribute('href', /^\/catalogo\/catalog\/v2\/search\/vt1\./);
      await expect(link).toHaveAttribute('target', '_blank');
      await shoot(page, `plate-card-catalog-${size.name}`, [size.name as 'desktop' | 'phone']);

      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      // Straight to the vehicle's groups: the exact vehicle, no picker, the token (not the VIN) in the URL.
      await expect(tab).toHaveURL(/\/catalogo\/catalog\/v2\/catalog=MAZD\/m=&ssd=[^/]+\/v=[^/]+&vid=[^/&]+&q=vt1\./, { timeout: 30_000 });
      await expect(tab.getByRole('heading', { name: /Mazda 3 2\.0 PE-VPS \(2016-2021\)/ })).toBeVisible();
      await expect(tab.getByTestId('unit-card').first()).toBeVisible();
      expect(tab.url()).not.toMatch(/JM1[A-HJ-NPR-Z0-9]{14}/);
      await shoot(tab, `plate-chain-groups-${size.name}`, [size.name as 'desktop' | 'phone']);
      if (size.name === 'phone') {
        const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    });

    test('a VIN outside the index → ¿Cuál es tu vehículo? → the chosen vehicle’s groups', async ({ page }) => {
      // A Colombian Renault Logan 2023 (9FB, a sedan of the Logan/Sandero family) that is not in the catalogue's index.
      await page.goto('/catalogo/catalog/v2/search/9fb4sreb9pm123456?qr=taller-42');
      const picker = page.getByTestId('vin-candidates');
      await expect(picker.getByRole('heading', { name: '¿Cuál es tu vehículo?' })).toBeVisible();
      await expect(page.getByTestId('vin-decoded')).toContainText('Renault');
      await expect(page.getByTestId('vin-decoded')).toContainText('2023');
      await expect(page.getByTestId('vin-decoded')).toContainText('Colombia');
      const first = page.getByTestId('vin-candidate').first();
      await expect(first.getByRole('heading')).toContainText('Renault Logan');
      await expect(first).toContainText(/Coincide en marca, .*modelo, carrocería/);
      await expect(first).toContainText('Coincidencia alta');
      await shoot(page, `vin-candidates-${size.name}`, [size.name as 'desktop' | 'phone']);
      if (size.name === 'phone') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await first.getByRole('link', { name: 'Es este' }).click();
      await expect(page).toHaveURL(/\/catalogo\/catalog\/v2\/catalog=RENA\/m=&ssd=[^/]+\/v=[^/]+&vid=[^/&]+$/);
      await expect(page.getByRole('heading', { name: /Renault Logan/ })).toBeVisible();
      await expect(page.getByTestId('unit-card').first()).toBeVisible();
    });

    test('a VIN the catalogue cannot serve is said by name, not listed', async ({ page }) => {
      await page.goto('/catalogo/catalog/v2/search/1HGCM82633A004352');
      await expect(page.getByTestId('vin-not-in-catalog')).toContainText('Honda Accord 2003: aún no tenemos su catálogo');
      await expect(page.getByRole('link', { name: 'Solicitar Autoparte' })).toBeVisible();
      await shoot(page, `vin-not-in-catalog-${size.name}`, [size.name as 'desktop' | 'phone']);
    });
  });
}
