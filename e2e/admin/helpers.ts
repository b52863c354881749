import { mkdirSync } from 'node:fs';
import { expect, type Page, type APIRequest } from '@playwright/test';

export const PASSWORD = 'Tuerca2026!';
const SCREENSHOTS = 'artifacts/playwright/screenshots';

/** A (full-page unless told otherwise) screenshot kept as an artefact: artifacts/playwright/screenshots/admin-<name>.png. */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/admin-${name}.png`, fullPage: options.fullPage ?? true });
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

export interface QuotedProduct {
  id: string;
  title: string;
  reference: string;
}

/**
 * A shopper (cliente@tuerca.demo, a fresh API context) asks the seller's store for a stock confirmation: a
 * published quotation product (salesModel 3) of 'Repuestos La 68' with stock and available (fresh), found through
 * GET /admin-api/products as the seller, that the shopper has not asked about yet.
 */
export async function requestQuotation(playwright: { request: APIRequest }, baseURL: string | undefined): Promise<QuotedProduct> {
  const seller = await playwright.request.newContext({ baseURL });
  expect((await seller.post('/api/users/auth/login', { data: { email: 'vendedor@tuerca.demo', password: PASSWORD } })).ok()).toBe(true);
  const filter = encodeURIComponent(JSON.stringify({ salesModel: 3, state: 'published' }));
  const res = await seller.get(`/admin-api/products?filter=${filter}&range=[0,99]&sort=["title","ASC"]`);
  expect(res.status()).toBe(200);
  const products = (await res.json()) as {
    id: string;
    title: string;
    referencia_1: string;
    storeName: string;
    inventario: number;
    available: boolean;
  }[];
  await seller.dispose();
  const candidates = products.filter((p) => p.storeName === 'Repuestos La 68' && p.inventario > 0 && p.available);
  expect(candidates.length).toBeGreaterThan(0);

  const shopper = await playwright.request.newContext({ baseURL });
  try {
    expect((await shopper.post('/api/users/auth/login', { data: { email: 'cliente@tuerca.demo', password: PASSWORD } })).ok()).toBe(true);
    for (const p of candidates) {
      const before = (await (await shopper.get(`/api/catalogo/products/${p.id}`)).json()) as { data?: { quoteRecord?: unknown } };
      if (before.data?.quoteRecord) continue; // asked already (an earlier run against the same database)
      const asked = await shopper.post('/api/cart/cartShoppingHeader/makeQuotation', {
        data: { quantityquotation: '1', productidquotation: p.id },
      });
      if (asked.ok()) return { id: p.id, title: p.title, reference: p.referencia_1 };
    }
  } finally {
    await shopper.dispose();
  }
  throw new Error('No quotation product of Repuestos La 68 left for cliente@tuerca.demo to ask about');
}

/** The shopper's view of a product (GET /api/catalogo/products/:id, logged in as cliente@tuerca.demo). */
export async function shopperProduct(
  playwright: { request: APIRequest },
  baseURL: string | undefined,
  id: string,
): Promise<{ quoteRecord: { seller_response: number; not_available: number; expiresAt: string | null } | null; remainingTime: number }> {
  const shopper = await playwright.request.newContext({ baseURL });
  try {
    await shopper.post('/api/users/auth/login', { data: { email: 'cliente@tuerca.demo', password: PASSWORD } });
    const body = (await (await shopper.get(`/api/catalogo/products/${id}`)).json()) as {
      data: { quoteRecord: { seller_response: number; not_available: number; expiresAt: string | null } | null; remainingTime: number };
    };
    return body.data;
  } finally {
    await shopper.dispose();
  }
}
