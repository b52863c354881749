import { expect, test } from '@playwright/test';
import { loginToConsole, openMenu, requestQuotation, shoot } from './helpers';

test('an operator reads the notifications outbox, filters it, exports it and retries a failed message', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A stock-confirmation request queues a WhatsApp message to the store (QuoteRequested → notifications).
  const product = await requestQuotation(playwright, baseURL);

  await loginToConsole(page, 'operador@tuerca.demo');
  await openMenu(page, 'Notificaciones');
  await expect(page).toHaveURL(/\/admin\/notifications/);
  await expect(page.getByRole('columnheader', { name: 'Destinatario' })).toBeVisible();

  // Free text, then status and channel: the message for this request, delivered by the log adapter.
  await page.getByPlaceholder('Buscar').fill(product.title);
  const row = page.locator('tr', { hasText: product.title });
  await expect(async () => {
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(row.getByTestId('notification-status')).toHaveText('Enviada', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Enviada' }).click();
  await page.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'WhatsApp' }).click();
  await expect(page).toHaveURL(/status.*sent/);
  await expect(row).toHaveCount(1);
  await expect(row.locator('td.column-template')).toHaveText('Cotización solicitada (a la tienda)');
  await expect(row.locator('td.column-recipient')).toHaveText(/^\+57\d{10}$/);
  // A sent message has nothing to retry.
  await expect(row.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await shoot(page, 'notifications');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  expect((await download).suggestedFilename()).toBe('notificaciones.csv');

  // Failed filters to nothing here (the log adapter delivers everything).
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Fallida' }).click();
  await expect(page.getByText('No hay Notificaciones con los filtros actuales.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Enviada' }).click();

  // The message itself, with its text.
  await row.click();
  await expect(page).toHaveURL(/\/admin\/notifications\/[0-9a-f-]{36}\/show$/);
  const id = page.url().split('/').at(-2)!;
  await expect(page.getByTestId('notification-text')).toContainText(
    `Camila Rodríguez quiere confirmar la disponibilidad de ${product.title}`,
  );
  await expect(page.getByTestId('notification-text')).toContainText(`(ref. ${product.reference}), cantidad: 1`);
  await expect(page.getByText('QuoteRequested')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await shoot(page, 'notification-show');

  // «Reintentar» on a failed message. The demo's log adapter never fails, so the browser is shown this
  // message as failed (intercepted GET) and the console's POST /admin-api/notifications/:id/retry is answered.
  const retried: string[] = [];
  await page.route(`**/admin-api/notifications/${id}`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as Record<string, unknown>;
    await route.fulfill({ response: res, json: { ...body, status: 'failed', last_error: 'Proveedor no disponible' } });
  });
  await page.route(`**/admin-api/notifications/${id}/retry`, async (route) => {
    retried.push(route.request().method());
    const res = await route.fetch({
      method: 'GET',
      url: route
        .request()
        .url()
        .replace(/\/retry$/, ''),
    });
    await route.fulfill({ json: { ...((await res.json()) as Record<string, unknown>), status: 'queued' } });
  });
  await page.reload();
  await expect(page.getByTestId('notification-status')).toHaveText('Fallida');
  await expect(page.getByText('Proveedor no disponible')).toBeVisible();
  await shoot(page, 'notification-failed');
  await page.unroute(`**/admin-api/notifications/${id}`);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('La notificación volvió a la cola de envío')).toBeVisible();
  expect(retried).toEqual(['POST']);
  await expect(page.getByTestId('notification-status')).toHaveText('Enviada');

  // The real API refuses to retry a message that did not fail (409, Spanish text shown as is).
  const operator = await playwright.request.newContext({ baseURL });
  await operator.post('/api/users/auth/login', { data: { email: 'operador@tuerca.demo', password: 'Tuerca2026!' } });
  const refused = await operator.post(`/admin-api/notifications/${id}/retry`, { data: {} });
  expect(refused.status()).toBe(409);
  await operator.dispose();
});

test('only operators see the notifications outbox', async ({ page }) => {
  await loginToConsole(page, 'asesor@tuerca.demo');
  await expect(page.getByRole('menuitem', { name: 'Planes de cobro' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Notificaciones' })).toHaveCount(0);
  await page.goto('/admin/notifications');
  await expect(page.getByText(/No tienes permiso|Acceso denegado/).first()).toBeVisible();
});
