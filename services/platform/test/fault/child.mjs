// A relay or a consumer in its own process, for the fault test to SIGKILL. Runs the built platform.
import { ContextDatabase, EventBus, createLogger, loadConfig } from '@tuerca/platform';
import { defineEvent } from '@tuerca/contracts';
import { z } from 'zod';

const role = process.argv[2];
const config = loadConfig({ ...process.env, NODE_ENV: 'test', OUTBOX_POLL_MS: '50', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const logger = createLogger(config.LOG_LEVEL, `fault-${role}`);
const Ticked = defineEvent({
  name: 'LedgerTicked',
  context: 'bustest',
  description: 'test event',
  payload: z.object({ ledger: z.string(), seq: z.number().int() }),
});
const bus = new EventBus(config, logger, { backoffMs: () => 10 });

if (role === 'relay') {
  const writer = await ContextDatabase.open(config, { schema: 'bus_writer', entities: [], migrations: [] });
  await bus.startRelay(writer);
} else if (role === 'consumer') {
  const reader = await ContextDatabase.open(config, { schema: 'bus_reader', entities: [], migrations: [] });
  await bus.subscribe({
    db: reader,
    group: 'fault',
    events: [Ticked],
    handle: async (event, em) => {
      await em.execute(
        'insert into effects (consumer, event_id, ledger, seq) values (?, ?, ?, ?)',
        ['fault', event.eventId, event.payload.ledger, event.payload.seq],
        'run',
      );
    },
  });
} else {
  console.error(`unknown role ${role}`);
  process.exit(2);
}
// A clean stop on SIGTERM, as the app does: the consumer leaves its group, so the group rebalances at once.
process.once('SIGTERM', () => {
  void bus.stop().finally(() => process.exit(0));
});
process.stdout.write('READY\n');
