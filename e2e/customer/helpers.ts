import { mkdirSync } from 'node:fs';
import { expect, request, type Page } from '@playwright/test';

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

/**
 * The registration link e-mailed to `email`, read from the notifications outbox the way an operator sees it
 * (e-mails are delivered by the log adapter in the demo): the page's path with its one-time token.
 */
export async function registrationLink(page: Page, email: string): Promise<string> {
  const operator = await request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const login = await operator.post('/api/users/auth/login', { data: { email: 'operador@tuerca.demo', password: PASSWORD } });
    if (!login.ok()) throw new Error(`operator login failed: ${login.status()}`);
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const res = await operator.get('/admin-api/notifications', {
            params: {
              filter: JSON.stringify({ q: email, template: 'registration-requested' }),
              sort: '["created_at","DESC"]',
              range: '[0,0]',
            },
          });
          const [message] = (await res.json()) as { text: string }[];
          link = /\/users\/page\/verificar\?token=[A-Za-z0-9_-]+/.exec(message?.text ?? '')?.[0];
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

/**
 * Creates a new account through the console's sign-up form and the link e-mailed for it (a clean garage and
 * fresh allowances); the person ends logged in.
 */
export async function registerUser(page: Page, prefix: string, person: { name?: string; mobile?: string } = {}): Promise<string> {
  const email = `e2e-${prefix}-${Date.now()}@tuerca.demo`;
  await page.goto('/users/page/login?registro');
  await page.getByLabel('Nombre completo').fill(person.name ?? 'Camilo Prueba');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByLabel('Celular (WhatsApp)').fill(person.mobile ?? `+57300${String(Date.now()).slice(-7)}`);
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).last().click();
  await page.getByTestId('registration-sent').waitFor();
  await page.goto(await registrationLink(page, email));
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

/** The screen sizes every main screen is checked at. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Nothing scrolls sideways: not the page, and no box inside it (a table in a scrolling container counts —
 * that is how the price and 'Comprar' used to leave a phone's screen). Tabs' own scrollers are exempt only
 * when they fit.
 */
export async function horizontalScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const d = document.documentElement;
    if (d.scrollWidth > d.clientWidth + 1) found.push(`page ${d.scrollWidth}px > ${d.clientWidth}px`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        found.push(
          `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${[...el.classList].slice(0, 2).join('.')} ${el.scrollWidth}px > ${el.clientWidth}px`,
        );
    }
    return found;
  });
}

/** axe-core's serious and critical violations of WCAG 2.1 A/AA on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}
