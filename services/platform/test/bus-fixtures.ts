import { z } from 'zod';
import { defineEntity, p } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { defineEvent } from '@tuerca/contracts';

/** A tiny writer context and reader context used by the transport contract and fault tests. */
export const Ticked = defineEvent({
  name: 'LedgerTicked',
  context: 'bustest',
  description: 'test event',
  payload: z.object({ ledger: z.string(), seq: z.number().int() }),
});

/** Version 2 of the same event: a second definition with its own topic and its own consumers. */
export const TickedV2 = defineEvent({
  name: 'LedgerTicked',
  version: 2,
  context: 'bustest',
  description: 'test event, version 2',
  payload: z.object({ ledger: z.string(), seq: z.number().int(), by: z.string().min(1) }),
});

export const Ledger = defineEntity({
  name: 'Ledger',
  tableName: 'ledgers',
  properties: { id: p.text().primary(), seq: p.integer() },
});

export class MigrationLedgers extends Migration {
  override name = 'MigrationLedgers';
  override up(): void {
    this.addSql('create table if not exists ledgers (id text primary key, seq int not null)');
  }
}

export class MigrationEffects extends Migration {
  override name = 'MigrationEffects';
  override up(): void {
    // No uniqueness on purpose: a duplicated effect shows as two rows with one event id.
    this.addSql(`create table if not exists effects (
      id bigserial primary key, consumer text not null, event_id uuid not null, ledger text not null, seq int not null)`);
  }
}

export const writerOptions = { schema: 'bus_writer', entities: [Ledger], migrations: [MigrationLedgers] };
export const readerOptions = { schema: 'bus_reader', entities: [], migrations: [MigrationEffects] };
