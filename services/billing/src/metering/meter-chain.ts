import type { ConsumeRequest } from '@tuerca/contracts';
import { windowEnd, type Snapshot } from './metering.rules.js';

/** Charges remembered per meter: enough to span the queue of a busy meter, a moment's worth. */
export const MAX_CHAIN_CHARGES = 1000;
/** Charges kept of a meter whose queue emptied: enough for the reads that raced its last charges. */
export const IDLE_CHAIN_CHARGES = 16;
/** Meters remembered (the oldest out first). */
export const MAX_CHAIN_METERS = 10_000;

/** A charge this process made: its subject, its request and when. */
interface Charged {
  subject: string;
  requestId: string;
  at: Date;
}

interface Chained {
  /** The meter's state after this process's last charge of it (its counters, balances and version). */
  after: Snapshot;
  /** The store the counters of `after` are counted in ('' outside any). */
  storeKey: string;
  /** Each charge this process made of the meter, by the version its compare-and-set moved the meter to. */
  charges: Map<number, Charged>;
}

/**
 * What this process knows of a meter from the charges it made of it one after the other (issue 21: one person's
 * OEM drill-down at 200 new subjects a second). A charge that waited for the one ahead of it used to read the
 * meter again before its own statement — two round trips each, one after the other, for every charge of the
 * queue. Every charge moves the meter's version by one, and a charge commits only at the version it was decided
 * on (compare-and-set), so when every version since a charge's own first read was a charge of this process, the
 * state it would read is known: the last charge's state after it, and — for its own subject — whether one of
 * those charges opened its 12-hour window or was the same request. Any other version (a charge of another
 * process, a refund, the locked path) is unknown, and the charge reads again as before.
 */
export class MeterChain {
  private readonly meters = new Map<string, Chained>();

  /**
   * The snapshot `request` would read now, from its own first read and the charges since; null when a version
   * since that read was not a charge of this process (read again).
   */
  before(key: string, request: ConsumeRequest, first: Snapshot): Snapshot | null {
    const m = this.meters.get(key);
    if (!m || first.version === undefined || m.after.version === undefined) return null;
    if (m.storeKey !== (request.storeId ?? '')) return null;
    // Read at (or after) the last charge this process knows of: nothing to add to it.
    if (first.version >= m.after.version) return first;
    let windowExpiresAt = first.windowExpiresAt;
    let duplicate = first.duplicate;
    for (let v = first.version + 1; v <= m.after.version; v++) {
      const c = m.charges.get(v);
      if (!c) return null;
      if (c.subject !== request.subject) continue;
      // A charge of the same subject opened its window (browsing it again is free), or was this very request.
      windowExpiresAt ??= windowEnd(c.at);
      if (c.requestId === request.requestId) duplicate = true;
    }
    return { ...m.after, windowExpiresAt, duplicate };
  }

  /** This process charged `request` at `now`, moving the meter to `after.version`; `after` is the state after it. */
  charged(key: string, request: ConsumeRequest, after: Snapshot, now: Date): void {
    if (after.version === undefined) return this.forget(key);
    const storeKey = request.storeId ?? '';
    const m = this.meters.get(key);
    const charges = m && m.storeKey === storeKey ? m.charges : new Map<number, Charged>();
    charges.set(after.version, { subject: request.subject, requestId: request.requestId, at: now });
    for (const v of charges.keys()) {
      if (charges.size <= MAX_CHAIN_CHARGES) break;
      charges.delete(v);
    }
    this.meters.delete(key);
    this.meters.set(key, { after, storeKey, charges });
    if (this.meters.size > MAX_CHAIN_METERS) this.meters.delete(this.meters.keys().next().value!);
  }

  /**
   * The meter's queue emptied: what its last charges were is kept for the charges whose first read raced them (read
   * while one of them was committing, queued after it), the rest forgotten.
   */
  idle(key: string): void {
    const m = this.meters.get(key);
    if (!m) return;
    for (const v of m.charges.keys()) {
      if (m.charges.size <= IDLE_CHAIN_CHARGES) break;
      m.charges.delete(v);
    }
  }

  /** Whether a first read is older than a charge this process made of the meter since (it cannot be trusted as it is). */
  outdates(key: string, first: Snapshot): boolean {
    const m = this.meters.get(key);
    return Boolean(m && m.after.version !== undefined && (first.version ?? 0) < m.after.version);
  }

  /** Nothing is known of the meter any more: the locked path moved it. */
  forget(key: string): void {
    this.meters.delete(key);
  }
}
