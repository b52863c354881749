// Identity and billing in a process of their own (the built packages), for the duty fault test to kill.
// FAULT=kill-before-alarm: the process SIGKILLs itself the moment it would arm a balance's expiry alarm —
// after the commit that credited the balance, before any job exists for it.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { Jobs, PlatformModule, createHttpApp, createLogger, loadConfig } from '@tuerca/platform';
import { IdentityModule } from '@tuerca/identity';
import { BillingModule } from '@tuerca/billing';

if (process.env.FAULT === 'kill-before-alarm') {
  const schedule = Jobs.prototype.schedule;
  Jobs.prototype.schedule = function (definition, ...rest) {
    if (definition.queue === 'billing' && definition.name === 'balance-expiry') process.kill(process.pid, 'SIGKILL');
    return schedule.call(this, definition, ...rest);
  };
}

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const logger = createLogger(config.LOG_LEVEL, 'duty-fault');
class Root {}
Module({ imports: [PlatformModule.forRoot(config, logger), IdentityModule, BillingModule] })(Root);
const app = await createHttpApp(Root, config, logger);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.getHttpServer().address();
process.stdout.write(`READY http://127.0.0.1:${address.port}\n`);
