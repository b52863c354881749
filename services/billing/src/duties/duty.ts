import type { EntityManager } from '@mikro-orm/postgresql';
import type { Command } from '@nestjs/cqrs';
import { defineJob, type JobDefinition } from '@tuerca/platform';

export const BILLING_QUEUE = 'billing';

/**
 * A time-based duty of billing (DESIGN §2: scheduled work is derived from state). The duty is a row written
 * with the change that creates it — a balance with its `expiresAt`, a reminder's `remindAt`, an unpaid
 * marketplace payment with its `expiresAt` — and `due`/`upcoming` find those rows. A BullMQ job with a fixed
 * id is only its alarm clock; the sweep runs what is due and re-arms what is coming; the command is
 * idempotent and checks the clock itself, so an early, late, repeated or missing job changes nothing.
 */
export interface Duty {
  /** Also the job's name and the prefix of its fixed job id. */
  readonly name: string;
  readonly job: JobDefinition<{ id: string }>;
  /** Rows whose time has come and whose duty is not done, oldest first. */
  due(em: EntityManager, now: Date, limit: number): Promise<string[]>;
  /** Rows whose time comes before `until`, with that time (to arm their alarms). */
  upcoming(em: EntityManager, now: Date, until: Date, limit: number): Promise<{ id: string; at: Date }[]>;
  /** The command that does the duty of one row; answers whether it did something. */
  run(id: string): Command<boolean>;
}

export function defineDuty(duty: Omit<Duty, 'job'>): Duty {
  return { ...duty, job: defineJob<{ id: string }>(BILLING_QUEUE, duty.name) };
}

/**
 * The fixed job id of a duty's alarm, per row and due time: arming it twice is one job, and a duty whose time
 * moved (a payment given longer) gets an alarm of its own (BullMQ ids may not contain ':').
 */
export const alarmId = (duty: Pick<Duty, 'name'>, id: string, at: Date): string => `${duty.name}-${id}-${at.getTime()}`;
