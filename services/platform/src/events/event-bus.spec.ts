import { afterEach, describe, expect, it } from '@jest/globals';
import { createLogger } from '../logging/logger.js';
import { testConfig } from '../testing/database.js';
import { EventBus } from './event-bus.js';
import type { Subscription, SubscriptionHandle } from './transport.js';

/** Groups whose join the test releases by hand, to watch how many are joining at once. */
function joiningTransport(bus: EventBus) {
  const joining: { group: string; release: () => void }[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const started: string[] = [];
  Object.assign(bus.transport, {
    start: async () => undefined,
    close: async () => undefined,
    subscribe: (sub: Subscription) =>
      new Promise<SubscriptionHandle>((resolve) => {
        started.push(sub.group);
        inFlight++;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        joining.push({
          group: sub.group,
          release: () => {
            inFlight--;
            resolve({ live: () => true, stop: async () => undefined });
          },
        });
      }),
  });
  return { joining, started, mostAtOnce: () => mostAtOnce };
}

const tick = () => new Promise((r) => setImmediate(r));
const subscriptions = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => ({ group: `group-${i}`, db: { schema: 'ctx' }, events: [], handle: async () => undefined }) as unknown as Subscription,
  );

describe('starting the consumer groups', () => {
  let bus: EventBus;
  afterEach(async () => {
    await bus.stop();
  });

  it('joins them together, never more than the bound at once, and runs every one', async () => {
    bus = new EventBus(testConfig(), createLogger('silent'));
    const t = joiningTransport(bus);
    const all = bus.subscribeAll(subscriptions(19), 8);
    await tick();
    // Eight joins under way before any has finished: the worker no longer waits each one out in turn.
    expect(t.joining.map((j) => j.group)).toEqual(Array.from({ length: 8 }, (_, i) => `group-${i}`));
    while (t.joining.length > 0) {
      t.joining.shift()!.release();
      await tick();
    }
    const handles = await all;
    expect(handles).toHaveLength(19);
    expect(t.mostAtOnce()).toBe(8);
    expect(new Set(t.started).size).toBe(19);
    expect(Object.keys(bus.groupStates()).sort()).toEqual(Array.from({ length: 19 }, (_, i) => `ctx.group-${i}`).sort());
  });

  it('with a bound of one, joins them one after another in their order', async () => {
    bus = new EventBus(testConfig(), createLogger('silent'));
    const t = joiningTransport(bus);
    const all = bus.subscribeAll(subscriptions(3), 1);
    for (let i = 0; i < 3; i++) {
      await tick();
      expect(t.joining.map((j) => j.group)).toEqual([`group-${i}`]);
      t.joining.shift()!.release();
    }
    await all;
    expect(t.started).toEqual(['group-0', 'group-1', 'group-2']);
    expect(t.mostAtOnce()).toBe(1);
  });
});
