import { expect, request as playwrightRequest, test } from '@playwright/test';
import { login, PASSWORD, shoot } from './helpers';

interface Sent {
  wamid: string;
  to: string;
  body: { template?: { name: string; components: { type: string; parameters: { text?: string; payload?: string }[] }[] } };
}

/**
 * Issue 18: a shopper confirms availability, the seller's WhatsApp conversation (the local server that follows
 * the Cloud API's contract, started by scripts/e2e-server.mjs) receives the quotation template with its
 * buttons, the seller taps 'Hay disponibilidad' (a signed webhook to the app), and the shopper's results offer 'Agregar'.
 */
test("a seller answers from WhatsApp with 'Hay disponibilidad' and the shopper can add the part", async ({ page, baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const whatsapp = await playwrightRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT ?? port + 1000}`,
  });

  // A quotation product of the seller's store that this shopper has not asked about yet.
  const seller = await playwrightRequest.newContext({ baseURL });
  const me = await seller.post('/api/users/auth/login', { data: { email: 'vendedor@tuerca.demo', password: PASSWORD } });
  const storeId = ((await me.json()) as { data: { user: { storeId: string } } }).data.user.storeId;
  await seller.dispose();
  await login(page, 'cliente@tuerca.demo');
  const listed = await page.request.get('/api/catalogo/products', {
    params: { filter: JSON.stringify({ storeId, salesModel: 3, onlyAvailable: true }), pageSize: 60, page: 0 },
  });
  const products = ((await listed.json()) as { data: { title: string; referencia_1: string | null; quoteRecord: unknown }[] }).data;
  const product = products.find((p) => p.quoteRecord === null && p.referencia_1)!;
  expect(product, 'a quotation product of the demo store').toBeTruthy();

  await page.goto(`/catalogo/page/results?search=${encodeURIComponent(product.referencia_1!)}`);
  const row = page.getByTestId('product-row').filter({ hasText: product.title }).first();
  await row.getByRole('spinbutton').fill('1');
  const quoted = page.waitForResponse((r) => r.url().includes('/cartShoppingHeader/makeQuotation') && r.ok());
  await row.getByRole('button', { name: 'Confirmar' }).click();
  const quotationId = ((await (await quoted).json()) as { data: { quotationId: string } }).data.quotationId;
  await expect(row.getByText('Confirmando disponibilidad. Espera respuesta en tu WhatsApp')).toBeVisible();

  // The store's conversation receives the approved template whose buttons carry this quotation.
  let template: Sent | undefined;
  await expect(async () => {
    const sent = (await (await whatsapp.get('/_test/sent')).json()) as Sent[];
    template = sent.find((m) => JSON.stringify(m.body).includes(quotationId));
    expect(template).toBeDefined();
  }).toPass({ timeout: 30_000 });
  expect(template!.body.template!.name).toBe('tuerca_quote_requested');
  expect(template!.body.template!.components.filter((c) => c.type === 'button').map((c) => c.parameters[0]!.payload)).toEqual([
    `quote:${quotationId}:available`,
    `quote:${quotationId}:not-available`,
  ]);

  // The seller taps 'Hay disponibilidad' (button 0): WhatsApp's signed webhook reaches the app.
  const tap = await whatsapp.post('/_test/tap', { data: { to: template!.to, wamid: template!.wamid, index: 0 } });
  expect(((await tap.json()) as { status: number }).status).toBe(200);
  await whatsapp.dispose();

  // The answer travels as events (notifications → marketplace); the results show 'Agregar' once it has.
  await expect(async () => {
    await page.reload();
    const answered = page.getByTestId('product-row').filter({ hasText: product.title }).first();
    await expect(answered.getByRole('button', { name: 'Agregar' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await shoot(page, 'quotation-answered-from-whatsapp', ['phone']);
});
