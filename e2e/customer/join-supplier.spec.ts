import { expect, request, test } from '@playwright/test';
import { DESKTOP, PASSWORD, PHONE, horizontalScrollers, seriousA11yViolations, shoot } from './helpers';

/** A Colombian NIT with DIAN's check digit (weights 3, 7, 13, … from the right; 11 minus the remainder when it is 2 or more). */
function nit(base: string): string {
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  const sum = [...base].reverse().reduce((n, d, i) => n + Number(d) * weights[i]!, 0);
  const r = sum % 11;
  return `${base}-${r >= 2 ? 11 - r : r}`;
}

/** The seller-invited e-mail's link, read from the notifications outbox the way an operator sees it. */
async function invitationLink(baseURL: string, email: string): Promise<string> {
  const operator = await request.newContext({ baseURL });
  try {
    expect((await operator.post('/api/users/auth/login', { data: { email: 'operador@tuerca.demo', password: PASSWORD } })).ok()).toBe(true);
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const res = await operator.get('/admin-api/notifications', {
            params: { filter: JSON.stringify({ q: email, template: 'seller-invited' }), sort: '["created_at","DESC"]', range: '[0,0]' },
          });
          const [message] = (await res.json()) as { text: string }[];
          link = /\/users\/page\/invitacion\?token=[A-Za-z0-9_-]+/.exec(message?.text ?? '')?.[0];
          return link;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
    return link!;
  } finally {
    await operator.dispose();
  }
}

test('a parts shop applies, an operator approves it, the invitation opens the seller account and the console', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString();
  const company = `Repuestos Prueba ${stamp.slice(-6)}`;
  const email = `proveedor-${stamp}@tuerca.demo`;
  const taxId = nit(`9${stamp.slice(-8)}`);
  const sellerPassword = 'Bujias-Del-Centro-2026!';

  // The footer's link (outside virtual stores) leads to the join page.
  await page.goto('/');
  await page.getByRole('link', { name: 'Vende en Tuerca' }).click();
  await expect(page).toHaveURL(/\/info\/proveedores-autopartes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proveedores de autopartes: vende en Tuerca');
  await page.goto('/info/quiero-vender');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quiero vender en Tuerca');

  const form = page.locator('form');
  await form.getByLabel('Empresa o razón social').fill(company);
  // A wrong check digit is refused on its field, in Spanish, and nothing is sent.
  const [digits, dv] = taxId.split('-');
  await form.getByLabel('NIT (con dígito de verificación)').fill(`${digits}-${(Number(dv) + 1) % 10}`);
  await form.getByLabel('Ciudad').fill('Bucaramanga');
  await form.getByLabel('Nombre de contacto').fill('Julián Herrera');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('WhatsApp').fill('310 555 7788');
  await form.getByLabel('¿Qué vendes?').fill('Filtros, bujías y correas para Renault y Chevrolet');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(form.getByText('El NIT no es válido: revisa el número y su dígito de verificación.').first()).toBeVisible();
  await form.getByLabel('NIT (con dígito de verificación)').fill(taxId);
  await shoot(page, 'join-supplier-form');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  const sent = page.getByTestId('supplier-application-sent');
  await expect(sent).toContainText('Solicitud enviada');
  await expect(sent).toContainText(`Te escribiremos a ${email} cuando la revisemos.`);

  // The operator approves it in the operator console.
  const operatorContext = await browser.newContext({ baseURL });
  try {
    const console = await operatorContext.newPage();
    await console.goto('/admin/');
    await console.getByRole('textbox', { name: 'Correo electrónico' }).fill('operador@tuerca.demo');
    await console.locator('input[name="password"]').fill(PASSWORD);
    await console.getByRole('button', { name: 'Iniciar sesión' }).click();
    await console.getByRole('menuitem', { name: 'Solicitudes de proveedores' }).click();
    const row = console.locator('tr', { hasText: company });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('En revisión');
    await expect(row).toContainText(taxId);
    await row.getByRole('button', { name: 'Aprobar' }).click();
    const dialog = console.getByRole('dialog', { name: `¿Aprobar a ${company}?` });
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await expect(console.getByText('Solicitud aprobada: creamos la tienda y enviamos la invitación al correo.')).toBeVisible();
    // The list shows applications in review by default: the approved one leaves it.
    await expect(console.locator('tr', { hasText: company })).toHaveCount(0);
    await console.screenshot({ path: 'artifacts/playwright/screenshots/admin-supplier-applications.png' });
  } finally {
    await operatorContext.close();
  }

  // The invitation e-mail's link opens the invitation page: the password is chosen there.
  const link = await invitationLink(baseURL!, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta de vendedor' })).toBeVisible();
  await page.getByLabel(/^Contraseña/).fill(sellerPassword);
  await page.getByLabel('Repite la contraseña').fill('otra-cosa');
  await page.getByRole('button', { name: 'Crear cuenta de vendedor' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
  await page.getByLabel('Repite la contraseña').fill(sellerPassword);
  await shoot(page, 'invitation');
  await page.getByRole('button', { name: 'Crear cuenta de vendedor' }).click();
  await expect(page.getByTestId('invitation-accepted')).toContainText('Tu cuenta de vendedor está lista.');
  // The link works once.
  await page.goto(link);
  await page.getByLabel(/^Contraseña/).fill(sellerPassword);
  await page.getByLabel('Repite la contraseña').fill(sellerPassword);
  await page.getByRole('button', { name: 'Crear cuenta de vendedor' }).click();
  await expect(page.getByText('El enlace de invitación no es válido o ya venció. Escríbenos para recibir uno nuevo.')).toBeVisible();

  // The new seller logs in to the operator console and works on the new store.
  const sellerContext = await browser.newContext({ baseURL });
  try {
    const seller = await sellerContext.newPage();
    await seller.goto('/admin/');
    await seller.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await seller.locator('input[name="password"]').fill(sellerPassword);
    await seller.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(seller.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
    await expect(seller.getByRole('menuitem', { name: 'Solicitudes de proveedores' })).toHaveCount(0);
    await seller.getByRole('menuitem', { name: 'Productos' }).click();
    await expect(seller).toHaveURL(/\/admin\/products/);
    await seller.screenshot({ path: 'artifacts/playwright/screenshots/admin-new-seller.png' });
  } finally {
    await sellerContext.close();
  }
});

test('the join and invitation pages fit a phone and pass axe', async ({ page }) => {
  for (const path of ['/info/proveedores-autopartes', '/info/quiero-vender', '/users/page/invitacion?token=x']) {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect({ path, scrollers: await horizontalScrollers(page) }).toEqual({ path, scrollers: [] });
      expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
    }
  }
  await page.setViewportSize(PHONE);
  await page.goto('/info/proveedores-autopartes');
  await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toBeVisible();
  await shoot(page, 'join-supplier', ['phone']);
});
