import { describe, expect, it } from '@jest/globals';
import type { ConsumeRequest } from '@tuerca/contracts';
import { MeterChain } from './meter-chain.js';
import { afterConsumption, windowEnd, type Snapshot } from './metering.rules.js';

const KEY = 'user:u1:catalog';
const at = new Date('2026-12-07T10:00:00Z');
const request = (subject: string, requestId: string, storeId: string | null = null): ConsumeRequest =>
  ({ kind: 'catalog', who: { kind: 'user', id: 'u1' }, subject, requestId, storeId }) as ConsumeRequest;
const snapshot = (version: number, over: Partial<Snapshot> = {}): Snapshot => ({
  count: 10,
  countInStore: 0,
  windowExpiresAt: null,
  typeBalance: { amount: 5, expiresAt: null, first: 'b1' },
  generalBalance: { amount: 0, expiresAt: null, first: null },
  duplicate: false,
  version,
  ...over,
});
/** The chain after charging `r` on `before`, as the handler records it. */
function charge(chain: MeterChain, r: ConsumeRequest, before: Snapshot): Snapshot {
  const after = { ...afterConsumption(before, false, 'balance', at), version: before.version! + 1 };
  chain.charged(KEY, r, after, at);
  return after;
}

describe('MeterChain', () => {
  it("knows a waiting charge's state when every version since its first read was this process's charge", () => {
    const chain = new MeterChain();
    const a = request('OEM-A', 'r1');
    const b = request('OEM-B', 'r2');
    const firstOfB = snapshot(7);
    const afterA = charge(chain, a, snapshot(7));
    expect(chain.before(KEY, b, firstOfB)).toEqual({ ...afterA, windowExpiresAt: null, duplicate: false });
    expect(chain.before(KEY, b, firstOfB)).toMatchObject({ count: 11, typeBalance: { amount: 4 }, version: 8 });
  });

  it('opens the window of a subject a charge since the first read already paid, and finds the same request', () => {
    const chain = new MeterChain();
    const a = request('OEM-A', 'r1');
    charge(chain, request('OEM-X', 'r0'), snapshot(3));
    charge(chain, a, snapshot(4));
    // Another request of the same subject, read before both charges: its window is open now (browsing again is free).
    expect(chain.before(KEY, request('OEM-A', 'r9'), snapshot(3))).toMatchObject({ windowExpiresAt: windowEnd(at), duplicate: false });
    // The same request again: a duplicate, charged once.
    expect(chain.before(KEY, a, snapshot(3))).toMatchObject({ duplicate: true });
  });

  it('knows nothing when a version since the first read was not its own, in another store, or once forgotten', () => {
    const chain = new MeterChain();
    charge(chain, request('OEM-A', 'r1'), snapshot(5));
    // Version 5 came from somewhere else (another process, a refund): read again.
    expect(chain.before(KEY, request('OEM-B', 'r2'), snapshot(4))).toBeNull();
    // Read at or after the last charge it knows of: its own read stands.
    expect(chain.before(KEY, request('OEM-B', 'r2'), snapshot(9))).toMatchObject({ version: 9 });
    expect(chain.before(KEY, request('OEM-B', 'r2'), snapshot(6))).toMatchObject({ version: 6 });
    // A read older than a charge it made, and not to be rebuilt: not trusted as it is.
    expect(chain.outdates(KEY, snapshot(4))).toBe(true);
    expect(chain.outdates(KEY, snapshot(6))).toBe(false);
    // Counters inside a virtual store are another count.
    expect(chain.before(KEY, request('OEM-B', 'r2', 'store-1'), snapshot(5))).toBeNull();
    chain.forget(KEY);
    expect(chain.before(KEY, request('OEM-B', 'r2'), snapshot(5))).toBeNull();
  });

  it('keeps the last charges of a meter whose queue emptied, for the reads that raced them', () => {
    const chain = new MeterChain();
    let before = snapshot(1);
    for (let i = 0; i < 40; i++) before = charge(chain, request(`OEM-${i}`, `r${i}`), before);
    chain.idle(KEY);
    // Read while the last charge committed (version 40), queued after it: rebuilt, not re-read.
    expect(chain.before(KEY, request('OEM-X', 'rx'), snapshot(40))).toMatchObject({ version: 41, count: 50 });
    // Older than what was kept: read again.
    expect(chain.before(KEY, request('OEM-X', 'rx'), snapshot(2))).toBeNull();
  });
});
