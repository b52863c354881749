import { describe, expect, it } from '@jest/globals';
import { MeterQueue, attempt, type Settled } from './meter-queue.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A batch runner that records each batch and holds it until `open()`; each item answers `${item}!` or fails. */
function gatedRunner() {
  const batches: { key: string; items: string[]; waited: boolean }[] = [];
  const gates: (() => void)[] = [];
  const runner = async (key: string, items: string[], waited: boolean): Promise<Settled<string>[]> => {
    batches.push({ key, items, waited });
    await new Promise<void>((resolve) => gates.push(resolve));
    return Promise.all(
      items.map((item) =>
        attempt(async () => {
          if (item.startsWith('bad')) throw new Error(`saldo agotado: ${item}`);
          return `${item}!`;
        }),
      ),
    );
  };
  return { batches, runner, open: () => gates.shift()!() };
}

describe('MeterQueue', () => {
  it('runs a charge that finds its meter free alone, and what waited behind it together, in arrival order', async () => {
    const { batches, runner, open } = gatedRunner();
    const queue = new MeterQueue(runner, { maxBatch: 32 });
    const first = queue.add('user:1:substitutions', 'a');
    const waiting = ['b', 'c', 'd'].map((x) => queue.add('user:1:substitutions', x));
    await tick();
    expect(batches).toEqual([{ key: 'user:1:substitutions', items: ['a'], waited: false }]);
    open();
    expect(await first).toBe('a!');
    await tick();
    expect(batches[1]).toEqual({ key: 'user:1:substitutions', items: ['b', 'c', 'd'], waited: true });
    open();
    expect(await Promise.all(waiting)).toEqual(['b!', 'c!', 'd!']);
  });

  it('takes at most maxBatch at once; the rest go in the next batch', async () => {
    const { batches, runner, open } = gatedRunner();
    const queue = new MeterQueue(runner, { maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((x) => queue.add('user:1:catalog', x));
    for (let i = 0; i < 3; i++) {
      await tick();
      open();
    }
    expect(await Promise.all(all)).toEqual(['a!', 'b!', 'c!', 'd!', 'e!']);
    expect(batches.map((b) => b.items)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('gives each charge its own outcome, lets other keys through while one is busy, and forgets a settled key', async () => {
    const { batches, runner, open } = gatedRunner();
    const idle: string[] = [];
    const queue = new MeterQueue(runner, { maxBatch: 32, idle: (key) => idle.push(key) });
    const busy = queue.add('user:1:catalog', 'a');
    const failing = queue.add('user:1:catalog', 'bad-b');
    const next = queue.add('user:1:catalog', 'c');
    const other = queue.add('user:2:catalog', 'x');
    await tick();
    expect(batches.map((b) => b.key)).toEqual(['user:1:catalog', 'user:2:catalog']);
    open();
    open();
    expect(await busy).toBe('a!');
    expect(await other).toBe('x!');
    await tick();
    open();
    await expect(failing).rejects.toThrow('saldo agotado: bad-b');
    expect(await next).toBe('c!');
    await tick();
    expect(idle.sort()).toEqual(['user:1:catalog', 'user:2:catalog']);
    // Settled keys are forgotten: the next one runs at once, and did not wait.
    const again = queue.add('user:1:catalog', 'd');
    await tick();
    expect(batches.at(-1)).toEqual({ key: 'user:1:catalog', items: ['d'], waited: false });
    open();
    expect(await again).toBe('d!');
  });

  it('a batch that fails as a whole fails each of its charges, and the next batch still runs', async () => {
    let calls = 0;
    const queue = new MeterQueue<string, string>(
      async (_key, items) => {
        calls++;
        if (items.includes('boom')) throw new Error('conexión perdida');
        return items.map((item) => ({ ok: true, value: item }));
      },
      { maxBatch: 32 },
    );
    const results = await Promise.allSettled(['a', 'boom', 'c'].map((x) => queue.add('guest:1:plate', x)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await queue.add('guest:1:plate', 'd')).toBe('d');
    expect(calls).toBe(3);
  });
});
