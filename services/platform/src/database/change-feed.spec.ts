import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import type { Logger } from '../logging/logger.js';
import { ChangeFeed } from './change-feed.js';
import { FeedCache } from './feed-cache.js';
import type { PgSession } from './pg-session.js';

/**
 * A PostgreSQL session as the feed sees it: notifications delivered to listeners in the order they were sent, after
 * the sender's statement returns (as at commit), or never while the session is silent (a dead connection nobody noticed).
 */
class FakeSession extends EventEmitter {
  connected = true;
  silent = false;
  restarts = 0;

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => void> {
    this.on(`notify:${channel}`, onNotify);
    return () => this.off(`notify:${channel}`, onNotify);
  }

  async notify(channel: string, payload: string): Promise<void> {
    if (this.silent) return;
    setImmediate(() => this.emit(`notify:${channel}`, payload));
  }

  /** A commit's notification: delivered in the order notifications were sent, as PostgreSQL's queue does. */
  commit(channel: string, payload: string): void {
    if (!this.silent) setImmediate(() => this.emit(`notify:${channel}`, payload));
  }

  restart(): void {
    this.restarts++;
    this.connected = false;
    this.emit('lost', []);
  }

  reconnect(): void {
    this.connected = true;
    this.silent = false;
    this.emit('listening');
  }
}

const logger = { warn: () => undefined, debug: () => undefined } as unknown as Logger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CHANNEL = 'tuerca_changes_test';

function feedOn(session: FakeSession) {
  return new ChangeFeed(session as unknown as PgSession, CHANNEL, logger, { heartbeatMs: 20, timeoutMs: 60 });
}

describe('ChangeFeed', () => {
  it('is live once it hears itself, and hands every other notification to its subscribers', async () => {
    const session = new FakeSession();
    const feed = feedOn(session);
    const heard: string[] = [];
    feed.subscribe((p) => heard.push(p));
    expect(feed.live).toBe(false);
    await feed.start();
    expect(feed.live).toBe(true);
    session.commit(CHANNEL, 'p:u:1');
    await sleep(5);
    expect(heard).toEqual(['p:u:1']);
    feed.stop();
  });

  it('after a write of this process, the next read waits until every notification committed before it has arrived', async () => {
    const session = new FakeSession();
    const feed = feedOn(session);
    const heard: string[] = [];
    feed.subscribe((p) => heard.push(p));
    await feed.start();
    expect(await feed.fresh()).toBe(true);
    // The write's notification is still on its way when the write answers.
    session.commit(CHANNEL, 'q:u:7');
    feed.noteLocalWrite();
    expect(heard).toEqual([]);
    const fresh = await feed.fresh();
    expect(fresh).toBe(true);
    expect(heard).toEqual(['q:u:7']);
    feed.stop();
  });

  it('stops being trusted when its heartbeat is not heard back, drops what was cached, and is trusted again in a new epoch', async () => {
    const session = new FakeSession();
    const feed = feedOn(session);
    let resets = 0;
    feed.onReset(() => resets++);
    await feed.start();
    const epoch = feed.epoch;
    const before = resets;
    session.silent = true;
    await sleep(150);
    expect(feed.live).toBe(false);
    expect(await feed.fresh()).toBe(false);
    expect(feed.epoch).toBeGreaterThan(epoch);
    expect(resets).toBeGreaterThan(before);
    expect(session.restarts).toBeGreaterThan(0);
    session.reconnect();
    await sleep(100);
    expect(feed.live).toBe(true);
    expect(await feed.fresh()).toBe(true);
    feed.stop();
  });
});

describe('FeedCache', () => {
  it('keeps a value until a notification names its key, and only in the epoch it was read in', async () => {
    const session = new FakeSession();
    const feed = feedOn(session);
    await feed.start();
    const cache = new FeedCache<number>(feed, 10);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.read('a', load)).toBe(1);
    expect(cache.peek('a', Date.now())).toBe(1);
    cache.drop('a');
    expect(cache.peek('a', Date.now())).toBeUndefined();
    expect(await cache.read('a', load)).toBe(2);
    session.silent = true;
    await sleep(150);
    expect(cache.peek('a', Date.now())).toBeUndefined();
    feed.stop();
  });

  it('does not keep a read that a drop of its key overtook (it may have read the row before the change)', async () => {
    const session = new FakeSession();
    const feed = feedOn(session);
    await feed.start();
    const cache = new FeedCache<string>(feed, 10);
    let release!: (v: string) => void;
    const slow = cache.read('k', () => new Promise<string>((r) => (release = r)));
    cache.drop('k');
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(cache.peek('k', Date.now())).toBeUndefined();
    // Another key's read is kept, and concurrent reads of one key share one load.
    let loads = 0;
    const [x, y] = await Promise.all([cache.read('j', async () => `v${++loads}`), cache.read('j', async () => `v${++loads}`)]);
    expect([x, y, loads]).toEqual(['v1', 'v1', 1]);
    expect(cache.peek('j', Date.now())).toBe('v1');
    feed.stop();
  });

  it('lets a value hold by itself only until the moment it says, and keeps the most recently used', async () => {
    const session = new FakeSession();
    const feed = feedOn(session);
    await feed.start();
    const cache = new FeedCache<{ until: number }>(feed, 2, (v) => v.until);
    const now = Date.now();
    await cache.read('a', async () => ({ until: now + 1000 }));
    expect(cache.peek('a', now + 999)).toBeDefined();
    expect(cache.peek('a', now + 1000)).toBeUndefined();
    await cache.read('b', async () => ({ until: now + 5000 }));
    await cache.read('c', async () => ({ until: now + 5000 }));
    cache.peek('b', now);
    await cache.read('d', async () => ({ until: now + 5000 }));
    expect(cache.peek('c', now)).toBeUndefined();
    expect(cache.peek('b', now)).toBeDefined();
    feed.stop();
  });
});
