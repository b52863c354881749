import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Tuerca2026!';
const SCREENSHOTS = 'artifacts/playwright/screenshots';

/** A full-page screenshot kept as an artefact: artifacts/playwright/screenshots/admin-<name>.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/admin-${name}.png`, fullPage: true });
}

/** Logs in through the console's own login page (identity sets the session cookie). */
export async function loginToConsole(page: Page, email: string, options: { screenshot?: string } = {}): Promise<void> {
  await page.goto('/admin/');
  const user = page.getByRole('textbox', { name: 'Correo electrónico' });
  await expect(user).toBeVisible();
  await user.fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  if (options.screenshot) await shoot(page, options.screenshot);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Perfil' }).or(page.getByLabel('Perfil'))).toBeVisible();
}

/** Opens a resource from the side menu by its Spanish name. */
export async function openMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('menuitem', { name }).click();
}
