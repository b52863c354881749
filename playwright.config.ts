import { defineConfig } from '@playwright/test';

/** Browser suites: e2e/customer (customer console) and e2e/admin (operator console), against the demo data. */
const port = process.env.E2E_PORT ?? '8091';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'artifacts/playwright/test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['html', { outputFolder: 'artifacts/playwright/report', open: 'never' }],
    ['json', { outputFile: 'artifacts/playwright/results.json' }],
  ],
  use: {
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 1366, height: 900 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `"${process.execPath}" scripts/e2e-server.mjs`,
    url: `${baseURL}/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: port },
  },
});
