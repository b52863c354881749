import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { EventEnvelope } from '@tuerca/contracts';

/** A row of the context's outbox: written in the same transaction as the change it describes. */
@Entity({ tableName: 'outbox_events' })
export class OutboxEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'uuid', unique: true })
  eventId!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'int' })
  version!: number;

  @Property({ type: 'text' })
  topic!: string;

  @Property({ type: 'text' })
  aggregateId!: string;

  @Property({ type: 'json' })
  envelope!: EventEnvelope;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt?: Date | null = null;
}
