import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, kysely, type Jobs } from '@tuerca/platform';
import type { MarketplaceDB } from '../marketplace.database.js';

/**
 * The alarm clock of a reservation: at its end, release the stock of a transaction still unpaid. The duty is
 * the row (stock_state 'reserved' with reservation_expires_at); the job has a fixed id per transaction, the
 * sweep catches any job lost between the commit and its scheduling, and reads check the clock themselves.
 */
export const ReservationExpiryJob = defineJob<{ transactionId: string }>('marketplace', 'reservation-expiry');

export const reservationJobId = (transactionId: string) => `reservation-${transactionId}`;

/** Schedules the expiry of the given transactions' reservations (those still holding stock). */
export async function scheduleReservationExpiry(jobs: Jobs, em: EntityManager, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await kysely<MarketplaceDB>(em)
    .selectFrom('Transaction')
    .select(['id', 'reservationExpiresAt'])
    .where('id', 'in', [...ids])
    .where('stockState', '=', 'reserved')
    .where('reservationExpiresAt', 'is not', null)
    .execute();
  for (const row of rows)
    await jobs.schedule(
      ReservationExpiryJob,
      { transactionId: row.id },
      { runAt: new Date(row.reservationExpiresAt!), jobId: reservationJobId(row.id) },
    );
}
