import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineEntity, p } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { defineEvent, type EventDefinition, type EventEnvelope } from '@tuerca/contracts';
import { ContextDatabase, applyEventCopy, copyEvents, defineEventCopy, kysely, type KyselyDB } from '@tuerca/platform';
import { createTestDatabase, testConfig, type TestDatabase } from '@tuerca/platform/testing';

/** Another context's labels, announced by a saved and a removed event: one label per (shelf, code) there. */
const LabelSaved = defineEvent({
  name: 'LabelSaved',
  context: 'copytest',
  description: 'test event',
  payload: z.object({ labelId: z.uuid(), shelf: z.string(), code: z.string(), text: z.string(), changedAt: z.iso.datetime() }),
});
const LabelRemoved = defineEvent({
  name: 'LabelRemoved',
  context: 'copytest',
  description: 'test event',
  payload: z.object({ labelId: z.uuid() }),
});

const LabelCopy = defineEntity({
  name: 'LabelCopy',
  tableName: 'label_copies',
  properties: { id: p.uuid().primary(), shelf: p.text(), code: p.text(), text: p.text(), changedAt: p.datetime() },
});
class MigrationLabelCopies extends Migration {
  override name = 'MigrationLabelCopies';
  override up(): void {
    this.addSql(
      'create table if not exists label_copies (id uuid primary key, shelf text not null, code text not null, text text not null, changed_at timestamptz not null)',
    );
  }
}
type CopyDB = KyselyDB<[typeof LabelCopy]>;

const labels = defineEventCopy<CopyDB>()({
  table: 'LabelCopy',
  key: 'id',
  versionedBy: 'changedAt',
  replaces: ['shelf', 'code'],
  saved: LabelSaved,
  removed: LabelRemoved,
  row: (l) => ({ id: l.labelId, shelf: l.shelf, code: l.code, text: l.text, changedAt: new Date(l.changedAt) }),
  removedKey: (l) => l.labelId,
});

function envelope<D extends EventDefinition>(def: D, payload: z.input<D['payload']>): EventEnvelope {
  return {
    eventId: randomUUID(),
    type: def.name,
    version: def.version,
    occurredAt: new Date().toISOString(),
    aggregateId: 'x',
    actor: { kind: 'system', id: 'system' },
    payload,
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();

/** A table kept as a copy of another context's events (`defineEventCopy` / `applyEventCopy`). */
describe('an event-fed copy', () => {
  let tdb: TestDatabase;
  let db: ContextDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase('eventcopy');
    db = await ContextDatabase.open(testConfig({ DATABASE_URL: tdb.url }), {
      schema: 'copy_test',
      entities: [LabelCopy],
      migrations: [MigrationLabelCopies],
    });
    await db.migrate();
  });

  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  const apply = (event: EventEnvelope) => db.transactional((em) => applyEventCopy(em, labels, event));
  const rows = () =>
    kysely<CopyDB>(db.em()).selectFrom('LabelCopy').select(['id', 'shelf', 'code', 'text', 'changedAt']).orderBy('changedAt').execute();

  it('subscribes to its two events', () => {
    expect(copyEvents(labels)).toEqual([LabelSaved, LabelRemoved]);
  });

  it('a saved row is inserted, a newer copy replaces it, a late older one changes nothing, and removed deletes it', async () => {
    const id = randomUUID();
    const saved = (text: string, minute: number) =>
      envelope(LabelSaved, { labelId: id, shelf: 's1', code: 'A', text, changedAt: at(minute) });
    await apply(saved('first', 1));
    await apply(saved('second', 3));
    await apply(saved('late', 2));
    expect(await rows()).toEqual([{ id, shelf: 's1', code: 'A', text: 'second', changedAt: new Date(at(3)) }]);
    // The same change again (a redelivery the consumer's processed row did not stop) is the same row.
    await apply(saved('second', 3));
    expect((await rows()).map((r) => r.text)).toEqual(['second']);
    await apply(envelope(LabelRemoved, { labelId: id }));
    expect(await rows()).toEqual([]);
    // Removing what the copy does not hold is no error.
    await apply(envelope(LabelRemoved, { labelId: id }));
  });

  it('a newer row with the same unique values replaces the older one of another id; an older one leaves the newer', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await apply(envelope(LabelSaved, { labelId: a, shelf: 's2', code: 'B', text: 'a', changedAt: at(1) }));
    await apply(envelope(LabelSaved, { labelId: b, shelf: 's2', code: 'B', text: 'b', changedAt: at(5) }));
    expect((await rows()).map((r) => r.id)).toEqual([b]);
    // Another shelf's row with the same code is not the same label.
    await apply(envelope(LabelSaved, { labelId: c, shelf: 's3', code: 'B', text: 'c', changedAt: at(2) }));
    expect((await rows()).map((r) => r.id)).toEqual([c, b]);
    await apply(envelope(LabelSaved, { labelId: a, shelf: 's2', code: 'B', text: 'a again, older', changedAt: at(4) }));
    expect((await rows()).map((r) => r.id)).toContain(b);
    await apply(envelope(LabelRemoved, { labelId: a }));
    await apply(envelope(LabelRemoved, { labelId: c }));
    expect((await rows()).map((r) => r.id)).toEqual([b]);
  });

  it('refuses an event that is neither of its two', async () => {
    const other = defineEvent({ name: 'LabelPrinted', context: 'copytest', description: 'test event', payload: z.object({}) });
    await expect(apply(envelope(other, {}))).rejects.toThrow(/LabelPrinted v1 is neither LabelSaved nor LabelRemoved/);
    await apply(envelope(LabelRemoved, { labelId: randomUUID() }));
  });
});
