import { z } from 'zod';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Migration } from '@mikro-orm/migrations';
import { defineEvent } from '@tuerca/contracts';

/** A tiny writer context and reader context used by the transport contract and fault tests. */
export const Ticked = defineEvent({
  name: 'LedgerTicked',
  context: 'bustest',
  description: 'test event',
  payload: z.object({ ledger: z.string(), seq: z.number().int() }),
});

@Entity({ tableName: 'ledgers' })
export class Ledger {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'int' })
  seq!: number;
}

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
