// Browser tests' server (playwright.config.ts webServer): a fresh database with the demo data and the
// built app, serving the consoles, on E2E_PORT (8091). Run `npm run build` first.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';
import { run } from './lib.mjs';

const port = process.env.E2E_PORT ?? '8091';
const base = process.env.E2E_DATABASE_BASE ?? 'postgres://postgres@127.0.0.1:5432';
// The WhatsApp Cloud API stand-in (services/notifications/test/whatsapp-cloud-api-test-server.ts, run through
// Node's type stripping): it receives the app's messages and plays the phones; browser tests read and drive it
// through its control endpoints on E2E_WHATSAPP_PORT (default: E2E_PORT + 1000).
const whatsappPort = Number(process.env.E2E_WHATSAPP_PORT ?? Number(port) + 1000);
const WHATSAPP = { token: 'e2e-whatsapp-token', phoneNumberId: '106540352242922', appSecret: 'e2e-whatsapp-app-secret' };
// The MercadoLibre API stand-in (services/integrations/test/mercadolibre-api-test-server.ts, same type stripping):
// its authorization page, OAuth token endpoint and items resources, on loopback at E2E_ML_PORT (default E2E_PORT + 1100).
const mlPort = Number(process.env.E2E_ML_PORT ?? Number(port) + 1100);
const dbName = `tuerca_e2e_${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'test',
  DATABASE_URL: `${base}/${dbName}`,
  REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `tuerca-e2e-${port}`,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Tests log in to the same demo accounts many times.
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  // A lighter proof of work keeps the plate tests quick; the flow is the same.
  CAPTCHA_MAX_NUMBER: process.env.CAPTCHA_MAX_NUMBER ?? '2000',
  // WhatsApp goes through the Cloud API adapter to the local server that follows its published contract (below).
  NOTIFICATIONS_WHATSAPP: 'cloud-api',
  WHATSAPP_API_URL: `http://127.0.0.1:${whatsappPort}/v23.0`,
  WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
  WHATSAPP_TOKEN: WHATSAPP.token,
  WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
  WHATSAPP_VERIFY_TOKEN: 'e2e-verify-token',
};

for (const file of ['services/app/dist/main.js', 'services/app/dist/cli/seed.js']) {
  if (!existsSync(file)) {
    console.error(`e2e-server: ${file} is missing; run npm run build first.`);
    process.exit(1);
  }
}

const admin = new pg.Client({ connectionString: `${base}/postgres` });
await admin.connect();
try {
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.query(`create database "${dbName}"`);
} finally {
  await admin.end();
}

// Queues, counters and rate limits of a previous run belong to the dropped database.
const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
let cursor = '0';
do {
  const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}*`, 'COUNT', 1000);
  cursor = next;
  if (keys.length > 0) await redis.del(...keys);
} while (cursor !== '0');
await redis.quit();

if ((await run(process.execPath, ['services/app/dist/cli/seed.js', '--scale', '1'], { env })) !== 0) process.exit(1);
const { WhatsAppCloudApiTestServer, WHATSAPP_TEST_TEMPLATES } =
  await import('../services/notifications/test/whatsapp-cloud-api-test-server.ts');
const whatsapp = new WhatsAppCloudApiTestServer({
  ...WHATSAPP,
  businessNumber: '576015550000',
  templates: WHATSAPP_TEST_TEMPLATES,
  webhookUrl: `${env.PUBLIC_URL}/api/notifications/whatsapp/webhook`,
});
await whatsapp.start(whatsappPort);
console.log(`e2e-server: WhatsApp Cloud API stand-in on ${whatsapp.url}`);
const { MercadoLibreTestServer } = await import('../services/integrations/test/mercadolibre-api-test-server.ts');
const mercadolibre = await new MercadoLibreTestServer().start(mlPort);
console.log(`e2e-server: MercadoLibre API stand-in on ${mercadolibre.url}`);
// MercadoLibre through its adapter to that local server (authorization page, OAuth, items).
Object.assign(env, {
  ML_API_URL: mercadolibre.url,
  ML_AUTH_URL: mercadolibre.url,
  ML_CLIENT_ID: mercadolibre.clientId,
  ML_CLIENT_SECRET: mercadolibre.clientSecret,
});
console.log(`e2e-server: starting Tuerca on ${env.PUBLIC_URL} (database ${dbName})`);

const code = await run(process.execPath, ['services/app/dist/main.js'], { env });
process.exit(code);
