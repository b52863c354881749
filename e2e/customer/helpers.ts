import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

export const PASSWORD = 'Tuerca2026!';
const SHOTS = 'artifacts/playwright/screenshots';

/** Screenshots of a main screen at desktop (1366x900) and phone (390x844) sizes. */
export async function shoot(page: Page, name: string, sizes: ('desktop' | 'phone')[] = ['desktop', 'phone']) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size === 'desktop' ? { width: 1366, height: 900 } : { width: 390, height: 844 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/customer-${name}-${size}.png`, fullPage: false });
  }
  if (original) await page.setViewportSize(original);
}

/** Logs in through the console's login page. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/users/page/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.getByTestId('account-button').waitFor();
}

/** Searches from the home page's single search box. */
export async function homeSearch(page: Page, text: string) {
  await page.goto('/');
  await page.getByTestId('home-search').fill(text);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}

/** Creates a new account through the console's sign-up form (a clean garage and fresh allowances). */
export async function registerUser(page: Page, prefix: string): Promise<string> {
  const email = `e2e-${prefix}-${Date.now()}@tuerca.demo`;
  await page.goto('/users/page/login?registro');
  await page.getByLabel('Nombre completo').fill('Camilo Prueba');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByLabel('Celular (WhatsApp)').fill(`+57300${String(Date.now()).slice(-7)}`);
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).last().click();
  await page.getByTestId('account-button').waitFor();
  return email;
}

/** Saves a Colombian vehicle in the logged-in person's garage through the garage API. */
export async function addGarageVehicle(
  page: Page,
  vehicle: { license_plate: string; brand: string; model: string; year: number; vin?: string; is_test?: boolean },
) {
  const res = await page.request.post('/api/garage/vehicle/', {
    data: { country: 'CO', cylinder_capacity: '1200', ...vehicle },
  });
  if (!res.ok()) throw new Error(`garage vehicle not created: ${res.status()} ${await res.text()}`);
}
