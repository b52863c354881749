import { expect, request, test } from '@playwright/test';
import { PASSWORD, homeSearch, login, shoot } from './helpers';

/** `YYYY-MM-DDTHH:mm` on Bogotá's wall clock, `ms` from now (the datetime-local input's value). */
function bogotaInput(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Bogota',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('a workshop schedules an activity from a product; its reminder reaches the notifications outbox', async ({ page, baseURL }) => {
  const name = `Cambio de pastillas ${Date.now().toString(36)}`;
  await login(page, 'taller@tuerca.demo');
  await homeSearch(page, 'pastillas de freno');
  const row = page.getByTestId('product-row').first();
  await expect(row).toBeVisible();

  // spec 001 §2: the activity modal from a product (logged-in only).
  await row.getByRole('button', { name: /^Programar una actividad en tu agenda/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Programar una actividad en tu agenda' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Estado')).toHaveCount(0); // §3: the state is visible only when editing
  await dialog.getByLabel('Nombre').fill('');
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(dialog.getByText('¡Este campo es requerido!')).toBeVisible();
  await dialog.getByLabel('Nombre').fill(name);
  // In ten minutes, reminded fifteen minutes before: the reminder is due at once.
  await dialog.getByLabel('Fecha').fill(bogotaInput(10 * 60_000));
  await dialog.getByRole('combobox', { name: 'Recordatorio por correo y WhatsApp' }).click();
  await page.getByRole('option', { name: '15 minutos antes' }).click();
  await shoot(page, 'activity-modal');
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  // §8: '¡Correcto!' / 'La actividad se agendó exitosamente.'
  await expect(page.getByText('¡Correcto!')).toBeVisible();
  await expect(page.getByText('La actividad se agendó exitosamente.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The reminder, by e-mail and WhatsApp, as the operator sees the outbox.
  const operator = await request.newContext({ baseURL });
  try {
    expect((await operator.post('/api/users/auth/login', { data: { email: 'operador@tuerca.demo', password: PASSWORD } })).ok()).toBe(true);
    await expect
      .poll(
        async () => {
          const res = await operator.get('/admin-api/notifications', {
            params: { filter: JSON.stringify({ q: name, template: 'activity-reminder' }), sort: '["channel","ASC"]' },
          });
          return ((await res.json()) as { channel: string; recipient: string; status: string }[]).map((m) => [
            m.channel,
            m.recipient,
            m.status,
          ]);
        },
        { timeout: 30_000 },
      )
      .toEqual([
        ['email', 'taller@tuerca.demo', 'sent'],
        ['whatsapp', '+573157654321', 'sent'],
      ]);
  } finally {
    await operator.dispose();
  }

  // The agenda screen: the activity with its reminder sent; done, then undone.
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Mi agenda' }).click();
  await expect(page).toHaveURL(/\/users\/page\/agenda$/);
  const card = page.getByTestId('activity-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Recordatorio enviado')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ver página' })).toHaveAttribute('href', /\/catalogo\/page\/results\?search=pastillas/);
  await shoot(page, 'agenda');
  await card.getByLabel('Marcar como realizada').click();
  await expect(page.getByText('Actividad marcada como realizada.')).toBeVisible();
  await expect(card).toHaveCount(0); // the list shows pending ones by default
  await page.getByRole('button', { name: 'Realizadas' }).click();
  await expect(card.getByText('Realizado', { exact: true })).toBeVisible();
  await card.getByLabel('Marcar como pendiente').click();
  await expect(page.getByText('Actividad marcada como pendiente.')).toBeVisible();

  // The calendar marks today's activities.
  await page.getByRole('button', { name: 'Todas' }).click();
  await page.getByRole('button', { name: 'Calendario' }).click();
  await expect(page.getByTestId('calendar-day-busy').first()).toBeVisible();
  await shoot(page, 'agenda-calendar');
});

test('guests see no activity button and are asked to log in on the agenda', async ({ page }) => {
  await homeSearch(page, 'pastillas de freno');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Programar una actividad en tu agenda/ })).toHaveCount(0);
  await page.goto('/users/page/agenda');
  await expect(page.getByText('Inicia sesión para ver tu agenda.')).toBeVisible();
});

test('from a garage vehicle, the SOAT and técnico-mecánica renewals become agenda activities', async ({ page }) => {
  await login(page, 'cliente@tuerca.demo');
  const plate = `RN${Date.now().toString().slice(-4)}`;
  const created = await page.request.post('/api/garage/vehicle/', {
    data: { country: 'CO', brand: 'Mazda', model: 'Mazda 3', year: 2018, cylinder_capacity: '2000', license_plate: plate },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/garaje');
  await page
    .getByRole('button', { name: `Agendar renovaciones ${plate}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Renovaciones de ${plate}` });
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(dialog.getByText('Escribe al menos una fecha de vencimiento.')).toBeVisible();
  await dialog.getByLabel('Renovación del SOAT · Vence el').fill('2031-05-10');
  await dialog.getByLabel('Revisión técnico-mecánica · Vence el').fill('2031-06-20');
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Se agendaron 2 renovaciones.')).toBeVisible();

  await page.goto('/users/page/agenda');
  await page.getByLabel('Desde').fill('2031-05-01');
  const cards = page.getByTestId('activity-card').filter({ hasText: plate });
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(`Renovación del SOAT — ${plate}`);
  await expect(cards.first()).toContainText('10 de may de 2031, 08:00');
  await expect(cards.first()).toContainText('1 semana antes');
  await expect(cards.nth(1)).toContainText(`Revisión técnico-mecánica — ${plate}`);
});
