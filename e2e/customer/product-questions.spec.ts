import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, PHONE, addGarageVehicle, horizontalScrollers, login, shoot } from './helpers';
import { loginToConsole, shoot as shootAdmin } from '../admin/helpers';

interface Listed {
  id: string;
  title: string;
  referencia_1: string | null;
  salesModel: number;
  compatibleVehicles: { make: string; full_models: string[]; years: number[]; engines: string[] }[];
}

async function apiAs(baseURL: string | undefined, email: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  expect((await ctx.post('/api/users/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return ctx;
}

/** The notifications outbox as operators read it: [channel, recipient, status] of a template's messages about `q`. */
async function outbox(operator: APIRequestContext, template: string, q: string): Promise<string[][]> {
  const res = await operator.get('/admin-api/notifications', {
    params: { filter: JSON.stringify({ q, template }), sort: '["channel","ASC"]', range: '[0,49]' },
  });
  return ((await res.json()) as { channel: string; recipient: string; status: string }[]).map((m) => [m.channel, m.recipient, m.status]);
}

/**
 * Issue 16: a workshop asks whether a part fits its garage vehicle, the seller answers in the operator console,
 * the workshop sees the answer and the verdict; the store and the workshop are told on WhatsApp (and e-mail).
 */
test('a workshop asks whether a part fits its garage vehicle; the seller answers in the console; the workshop sees answer and verdict', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A product of Repuestos La 68 with compatible vehicles, that the workshop is not already waiting on.
  const seller = await request.newContext({ baseURL });
  const me = await seller.post('/api/users/auth/login', { data: { email: 'vendedor@tuerca.demo', password: PASSWORD } });
  const storeId = ((await me.json()) as { data: { user: { storeId: string } } }).data.user.storeId;
  await seller.dispose();
  const workshop = await apiAs(baseURL, 'taller@tuerca.demo');
  const waiting = (
    (await (await workshop.get('/api/catalogo/productosQuestions?scopes=pending&pageSize=200')).json()) as {
      data: { product_id: string }[];
    }
  ).data.map((q) => q.product_id);
  await workshop.dispose();
  const listed = await page.request.get('/api/catalogo/products', {
    params: { filter: JSON.stringify({ storeId, onlyAvailable: true }), pageSize: 100, page: 0 },
  });
  const product = ((await listed.json()) as { data: Listed[] }).data.find(
    (p) =>
      p.salesModel === 1 &&
      p.referencia_1 &&
      !waiting.includes(p.id) &&
      p.compatibleVehicles.some((v) => v.full_models.length > 0 && v.years.length > 0 && v.engines.every((e) => !e.endsWith(' (IA)'))),
  )!;
  expect(product, 'a product of the demo store with compatible vehicles').toBeTruthy();
  const fits = product.compatibleVehicles.find(
    (v) => v.full_models.length > 0 && v.years.length > 0 && v.engines.every((e) => !e.endsWith(' (IA)')),
  )!;
  const vehicle = { brand: fits.make, model: fits.full_models[0]!, year: fits.years[0]! };
  const plate = `QST${String(Date.now()).slice(-3)}`;

  await login(page, 'taller@tuerca.demo');
  await addGarageVehicle(page, { license_plate: plate, ...vehicle, is_test: true });
  await page.goto(`/catalogo/page/results?search=${encodeURIComponent(product.referencia_1!)}`);
  const row = page.getByTestId('product-row').filter({ hasText: product.title }).first();
  await expect(row).toBeVisible();

  // spec 000 §2: the compatible vehicles modal — Marca, Modelo, Año, Motor with a search box.
  await row.getByRole('button', { name: `Ver vehículos compatibles: ${product.title}` }).click();
  const modal = page.getByRole('dialog', { name: /Vehículos compatibles/ });
  await expect(modal).toBeVisible();
  for (const header of ['Marca', 'Modelo', 'Año', 'Motor']) await expect(modal.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(modal.getByRole('cell', { name: fits.make, exact: true }).first()).toBeVisible();
  await modal.getByLabel('Buscar por marca, modelo, año o motor').fill('zzzz');
  await expect(modal.getByText('No hay resultados para mostrar')).toBeVisible();
  await modal.getByLabel('Buscar por marca, modelo, año o motor').fill(fits.full_models[0]!);
  await expect(modal.getByRole('cell', { name: fits.full_models[0]!, exact: true }).first()).toBeVisible();
  await shoot(page, 'compatible-vehicles');
  await modal.getByRole('button', { name: 'Cerrar' }).click();

  // '¿Le sirve a mi vehículo?' with the garage vehicle: the verdict names its evidence; the question is one click away.
  await row.getByRole('button', { name: `¿Le sirve a mi vehículo?: ${product.title}` }).click();
  const form = page.getByRole('dialog', { name: /Vehículos compatibles/ });
  await form.getByRole('button', { name: 'Un vehículo de mi garaje' }).click();
  await form.getByRole('combobox', { name: 'Elige un vehículo' }).click();
  await page.getByRole('option', { name: new RegExp(plate) }).click();
  const verdict = form.getByTestId('compatibility-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'yes');
  await expect(verdict).toContainText('Nuestra respuesta: Sí');
  await expect(verdict).toContainText(`Según los datos del producto, sirve para ${fits.make}`);
  await form.getByLabel('Comentario para el vendedor (opcional)').fill('Es para el carro de un cliente del taller');
  await shoot(page, 'ask-compatibility');
  const asked = page.waitForResponse((r) => r.url().includes('/api/catalogo/productosQuestions') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Preguntar al vendedor' }).click();
  expect((await asked).status()).toBe(201);
  // spec 000 §8: 'Pregunta enviada exitosamente', with notice by WhatsApp.
  await expect(page.getByText('Pregunta enviada exitosamente')).toBeVisible();
  await expect(page.getByText('Te avisaremos por WhatsApp cuando el vendedor responda.')).toBeVisible();
  await expect(form).toBeHidden();

  // The seller answers in the operator console.
  const consoleContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  try {
    const admin = await consoleContext.newPage();
    await loginToConsole(admin, 'vendedor@tuerca.demo');
    await admin.getByRole('menuitem', { name: 'Preguntas' }).click();
    await expect(admin).toHaveURL(/\/admin\/product-questions/);
    const question = admin.locator('tr', { hasText: product.title }).filter({ hasText: 'Pendiente' }).first();
    await expect(question).toBeVisible();
    await expect(question.locator('td.column-vehicle')).toHaveText(`${vehicle.brand} ${vehicle.model} ${vehicle.year}`);
    await shootAdmin(admin, 'product-questions');
    await question.getByRole('button', { name: 'Responder' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText('Es para el carro de un cliente del taller');
    await dialog.getByLabel('Comentario').fill('Sí le sirve, es la referencia original.');
    await shootAdmin(admin, 'product-question-answer');
    await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(admin.getByText('Respuesta enviada. Le avisaremos a quien preguntó.')).toBeVisible();
  } finally {
    await consoleContext.close();
  }

  // The store was told of the question, the workshop of the answer (the operators' outbox).
  const operator = await apiAs(baseURL, 'operador@tuerca.demo');
  try {
    await expect
      .poll(() => outbox(operator, 'question-asked', product.title), { timeout: 30_000 })
      .toContainEqual(['whatsapp', expect.stringMatching(/^\+57/), 'sent']);
    await expect
      .poll(() => outbox(operator, 'question-answered', product.title), { timeout: 30_000 })
      .toEqual([
        ['email', 'taller@tuerca.demo', 'sent'],
        ['whatsapp', '+573157654321', 'sent'],
      ]);
  } finally {
    await operator.dispose();
  }

  // The workshop sees the answer and the verdict in 'Mis preguntas'.
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Mis preguntas' }).click();
  await expect(page).toHaveURL(/\/users\/page\/preguntas$/);
  const card = page.getByTestId('question-card').filter({ hasText: product.title }).first();
  await expect(card.getByTestId('question-answer')).toContainText('El vendedor respondió: Sí, es compatible');
  await expect(card.getByTestId('question-answer')).toContainText('Sí le sirve, es la referencia original.');
  await expect(card.getByTestId('compatibility-verdict')).toContainText('Nuestra respuesta: Sí');
  await expect(card.getByTestId('compatibility-verdict')).toContainText('El vendedor confirmó que es compatible');
  await shoot(page, 'my-questions');
  await page.setViewportSize(PHONE);
  expect(await horizontalScrollers(page)).toEqual([]);
});

test('a guest’s question waits for the login: discarded when the modal closes, sent after logging in', async ({ page, baseURL }) => {
  const model = `Modelo ${Date.now().toString(36)}`;
  await page.setViewportSize(PHONE);
  await page.goto('/catalogo/page/results?search=filtro%20aceite');
  const row = page.getByTestId('product-row').first();
  await expect(row).toBeVisible();

  const openForm = async () => {
    await row.getByRole('button', { name: /^¿Le sirve a mi vehículo\?/ }).click();
    const form = page.getByRole('dialog', { name: /Vehículos compatibles/ });
    await form.getByLabel('Marca').fill('Chevrolet');
    await form.getByLabel('Modelo').fill(model);
    await form.getByLabel('Año').fill('2015');
    await expect(form.getByTestId('compatibility-verdict')).toBeVisible();
    return form;
  };
  // An empty vehicle is refused with the spec's text.
  await row.getByRole('button', { name: /^¿Le sirve a mi vehículo\?/ }).click();
  let form = page.getByRole('dialog', { name: /Vehículos compatibles/ });
  await form.getByRole('button', { name: 'Preguntar al vendedor' }).click();
  await expect(form.getByText('Selecciona un vehículo para enviar la pregunta')).toBeVisible();
  expect(await horizontalScrollers(page)).toEqual([]);
  await shoot(page, 'ask-compatibility-guest', ['phone']);
  await form.getByRole('button', { name: 'Cerrar' }).click();

  // Closing the login modal drops the pending question.
  form = await openForm();
  await form.getByRole('button', { name: 'Preguntar al vendedor' }).click();
  const loginModal = page.getByTestId('login-modal');
  await expect(loginModal).toContainText('Inicia sesión para preguntarle al vendedor.');
  await loginModal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(loginModal).toBeHidden();

  // Asked again, the login sends it.
  await form.getByRole('button', { name: 'Preguntar al vendedor' }).click();
  await loginModal.getByLabel('Correo electrónico').fill('cliente@tuerca.demo');
  await loginModal.getByLabel('Contraseña').fill(PASSWORD);
  await loginModal.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('Pregunta enviada exitosamente')).toBeVisible();

  const client = await apiAs(baseURL, 'cliente@tuerca.demo');
  try {
    const mine = (
      (await (await client.get('/api/catalogo/productosQuestions?pageSize=200')).json()) as {
        data: { vehicle: { model: string }; question: string }[];
      }
    ).data.filter((q) => q.vehicle.model === model);
    // Exactly one: the discarded one was never sent.
    expect(mine).toHaveLength(1);
    expect(mine[0]!.question).toBe(`Is this product compatible with my vehicle Chevrolet - ${model} - 2015?`);
  } finally {
    await client.dispose();
  }
});
