import { describe, expect, it } from '@jest/globals';
import { isInternalAddress } from './internal-only.guard.js';

describe('isInternalAddress', () => {
  it('accepts loopback and the private ranges, IPv4-mapped too', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.20', '::1', '::ffff:172.18.0.5', 'fd12:3456::1'])
      expect([a, isInternalAddress(a)]).toEqual([a, true]);
  });

  it('refuses public addresses, the edges of the private ranges and nonsense', () => {
    for (const a of [
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '11.0.0.1',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      '',
      'localhost',
      undefined,
    ])
      expect([a, isInternalAddress(a)]).toEqual([a, false]);
  });
});
