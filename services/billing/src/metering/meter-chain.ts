import type { ConsumeRequest } from '@tuerca/contracts';
import { windowEnd, type Snapshot } from './metering.rules.js';

/** Charges remembered per meter: enough to span the queue of a busy meter, a moment's worth. */
export const MAX_CHAIN_CHARGES = 1000;

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
    if (first.version === m.after.version) return first;
    if (first.version > m.after.version) return null;
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
    this.meters.set(key, { after, storeKey, charges });
  }

  /** Nothing is known of the meter any more: the locked path moved it, or no charge of it waits (its queue emptied). */
  forget(key: string): void {
    this.meters.delete(key);
  }
}
