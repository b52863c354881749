import { expect, test } from '@playwright/test';
import { homeSearch, shoot } from './helpers';

// Demo references with store products, store substitutes and catalogue cross-references (deterministic demo seed).
const REFERENCES = ['1201.KX', '05195896AB', '8-97046-634-5', '88J-F7684-91', 'T2H4313'];

test('a guest searches part numbers, sees results and substitutes, and meets the login prompts at the thresholds', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Encuentra la autoparte que necesitas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Catálogos de autopartes originales' })).toBeVisible();
  await shoot(page, 'home');

  for (const [i, reference] of REFERENCES.entries()) {
    await homeSearch(page, reference);
    await expect(page).toHaveURL(/\/catalogo\/page\/results\?search=/);
    await expect(page.getByRole('heading', { name: `Resultados para «${reference}»` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Resultado de búsqueda' })).toBeVisible();
    await page.getByRole('tab', { name: /^Sustituciones/ }).click();
    const modal = page.getByTestId('login-modal');
    if (i < 4) {
      await expect(page.getByTestId('oem-substitutions')).toBeVisible();
      await expect(page.getByTestId('substitution-row').first()).toBeVisible();
    }
    if (i < 3) {
      // At or below the no-login threshold (3): no prompt.
      await expect(modal).toHaveCount(0);
      if (i === 0) await shoot(page, 'results-substitutions');
    } else if (i === 3) {
      // Between the thresholds: a closable login modal, once per count.
      await expect(modal).toBeVisible();
      await expect(modal).toHaveAttribute('data-closable', 'true');
      await shoot(page, 'login-prompt-closable', ['desktop']);
      await modal.getByRole('button', { name: 'Cerrar' }).click();
      await expect(modal).toHaveCount(0);
    } else {
      // At the warning threshold: forced login, no close button, and nothing of the answer behind it.
      await expect(modal).toBeVisible();
      await expect(page.getByTestId('forced-login')).toBeVisible();
      await expect(page.getByTestId('substitution-row')).toHaveCount(0);
      await expect(page.getByTestId('oem-substitutions')).toHaveCount(0);
      await expect(modal).toHaveAttribute('data-closable', 'false');
      await expect(modal.getByRole('button', { name: 'Cerrar' })).toHaveCount(0);
      await expect(modal.getByText('Inicia sesión o crea una cuenta para seguir consultando sustituciones.')).toBeVisible();
      await shoot(page, 'login-prompt-forced');
    }
  }
});

test('the search box tells a VIN, a plate, a part number and text apart', async ({ page }) => {
  await page.goto('/');
  const box = page.getByTestId('home-search');
  await box.fill('9GABLREU7CS000001');
  await expect(page.getByText('Buscar como: VIN')).toBeVisible();
  await box.fill('ABC123');
  await expect(page.getByText('Buscar como: Placa')).toBeVisible();
  await box.fill('WK616/1');
  await expect(page.getByText('Buscar como: Número de parte')).toBeVisible();
  await box.fill('pastillas de freno');
  await expect(page.getByText('Buscar como: Búsqueda por texto')).toBeVisible();
  // The catalogue language selector keeps its choice locally (es_ES by default).
  await expect(page.getByTestId('language-selector')).toContainText('Español');
  await page.getByTestId('language-selector').click();
  await expect(page.getByRole('option')).toHaveCount(27);
  await page.getByRole('option', { name: 'Inglés (en_US)' }).click();
  await page.reload();
  await expect(page.getByTestId('language-selector')).toContainText('Inglés');
  expect(await page.evaluate(() => localStorage.getItem('tuerca.catalogLanguage'))).toBe('"en_US"');
});
