import { describe, expect, it } from '@jest/globals';
import { actorOf, parseCookieValue, type Visitor } from './visitor.js';

describe('visitor cookie', () => {
  it('reads guest and session values', () => {
    expect(parseCookieValue('g.0b3c2f1e-58a4-4a8e-9d65-7f1b2c3d4e5f')).toEqual({ kind: 'g', id: '0b3c2f1e-58a4-4a8e-9d65-7f1b2c3d4e5f' });
    expect(parseCookieValue('s.abcdefghijklmnopqrstuvwxyz_-0123456789ABCDE')).toEqual({
      kind: 's',
      id: 'abcdefghijklmnopqrstuvwxyz_-0123456789ABCDE',
    });
  });

  it('rejects anything else', () => {
    for (const v of [null, '', 'x.abcdefghijklmnop', 'g.short', 'g.has spaces in it!!', 's.' + 'a'.repeat(200)])
      expect(parseCookieValue(v)).toBeNull();
  });

  it('names the actor of events', () => {
    const base = { requestId: 'r', guestId: 'g1', sessionId: null, ip: '127.0.0.1' };
    expect(actorOf({ ...base, user: null, isGuest: true } as Visitor)).toEqual({ kind: 'guest', id: 'g1' });
    expect(actorOf({ ...base, user: { id: 'u1' }, isGuest: false } as unknown as Visitor)).toEqual({ kind: 'user', id: 'u1' });
  });
});
