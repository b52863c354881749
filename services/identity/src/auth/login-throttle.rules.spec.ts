import { describe, expect, it } from '@jest/globals';
import { waitAfterFailure } from './login-throttle.rules.js';

const policy = { freeFailuresPerAccountAndAddress: 5, windowSeconds: 900 };

describe('waitAfterFailure', () => {
  it('the first failures of an account from an address cost nothing', () => {
    for (let n = 1; n < 5; n++) expect(waitAfterFailure(n, n, policy)).toBe(0);
  });

  it('then the address waits 2, 4, 8 minutes, never more than the window', () => {
    expect([5, 6, 7, 8, 9].map((n) => waitAfterFailure(n, n, policy))).toEqual([120, 240, 480, 900, 900]);
  });

  it('a guess spread over many addresses slows each of them down after its first failure', () => {
    // 50 failures of the account from anywhere: an address that failed once on it waits.
    expect(waitAfterFailure(1, 49, policy)).toBe(0);
    expect(waitAfterFailure(1, 50, policy)).toBe(120);
    expect(waitAfterFailure(1, 100, policy)).toBe(240);
  });
});
