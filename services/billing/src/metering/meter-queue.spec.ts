import { describe, expect, it } from '@jest/globals';
import { MeterQueue } from './meter-queue.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('MeterQueue', () => {
  it('runs the work of one key one after the other, in arrival order, and says who waited', async () => {
    const queue = new MeterQueue();
    const log: string[] = [];
    const gate: { open?: () => void } = {};
    const first = queue.run('user:1:substitutions', async (waited) => {
      log.push(`a start ${waited}`);
      await new Promise<void>((resolve) => (gate.open = resolve));
      log.push('a end');
      return 'a';
    });
    const second = queue.run('user:1:substitutions', async (waited) => {
      log.push(`b start ${waited}`);
      return 'b';
    });
    await tick();
    expect(log).toEqual(['a start false']);
    gate.open!();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start false', 'a end', 'b start true']);
  });

  it('lets other keys through while one is busy, and a failure does not stop the next in line', async () => {
    const queue = new MeterQueue();
    const gate: { open?: () => void } = {};
    const busy = queue.run('user:1:catalog', () => new Promise<string>((resolve) => (gate.open = () => resolve('busy'))));
    const failing = queue.run('user:1:catalog', async () => {
      throw new Error('saldo agotado');
    });
    const next = queue.run('user:1:catalog', async (waited) => (waited ? 'after' : 'alone'));
    expect(await queue.run('user:2:catalog', async (waited) => (waited ? 'waited' : 'other'))).toBe('other');
    gate.open!();
    expect(await busy).toBe('busy');
    await expect(failing).rejects.toThrow('saldo agotado');
    expect(await next).toBe('after');
    // Settled keys are forgotten: the next one does not wait.
    await tick();
    expect(await queue.run('user:1:catalog', async (waited) => waited)).toBe(false);
  });
});
