import { expect, test } from '@playwright/test';
import { homeSearch, login, shoot } from './helpers';

test('a workshop searches products by text, buys one and requests a quotation', async ({ page }) => {
  await login(page, 'taller@tuerca.demo');
  await homeSearch(page, 'pastillas de freno');
  await expect(page).toHaveURL(/\/catalogo\/page\/results\?search=pastillas/);
  await expect(page.getByRole('heading', { name: 'Resultados para «pastillas de freno»' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sustituciones' })).toHaveCount(0);
  const rows = page.getByTestId('product-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^\d+ productos$/)).toBeVisible();
  await shoot(page, 'product-results');

  // Copying a part number changes the icon and shows a toast.
  const copy = rows.first().getByRole('button', { name: /^Copiar número de parte/ });
  await copy.click();
  await expect(copy).toHaveAttribute('data-copied', 'true');
  await expect(page.getByText('Número de parte copiado')).toBeVisible();

  // Sale model 1: 'Comprar' puts it in the cart, then 'ya fue agregado' with a link.
  await rows.first().getByRole('button', { name: 'Comprar' }).click();
  await expect(rows.first().getByText('ya fue agregado')).toBeVisible();
  await expect(rows.first().getByRole('link', { name: 'Ir al carrito' })).toBeVisible();
  await expect(page.getByText(/^Carrito: [1-9]/)).toBeVisible();

  // Quotation sale model: quantity rule from the contracts, then 'Confirmar' asks the seller.
  await homeSearch(page, '750.605');
  const quote = page.getByTestId('product-row').filter({ hasText: '750.605' }).first();
  await expect(quote).toBeVisible();
  const qty = quote.getByRole('spinbutton');
  await qty.fill('0');
  await quote.getByRole('button', { name: 'Confirmar' }).click();
  await expect(quote.getByText('La cantidad debe ser mayor a cero')).toBeVisible();
  await qty.fill('2');
  await quote.getByRole('button', { name: 'Confirmar' }).click();
  await expect(quote.getByText('Confirmando disponibilidad. Espera respuesta en tu WhatsApp')).toBeVisible();
});

test('a part number shows the store results and the substitutions tab', async ({ page }) => {
  await page.goto('/catalogo/page/results?search=SB0-E5598-57');
  await expect(page.getByRole('tab', { name: 'Resultado de búsqueda' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sustituciones' }).click();
  await expect(page.getByText('Otros números de parte relacionados')).toBeVisible();
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expect(page.getByTestId('oem-substitutions')).toBeVisible();
  await shoot(page, 'product-substitutions');
});
