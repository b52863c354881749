import { describe, it, expect } from '@jest/globals';
import { createHash, pbkdf2Sync } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { bytesToHex, hexToBytes, payloadOf, pbkdf2Sha256, sha256, solve, type PowChallenge } from './pow';

describe('the plate lookup proof of work, solved in the browser', () => {
  it('hashes and derives keys as Node does', () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'y'.repeat(130)]) {
      expect(bytesToHex(sha256(new TextEncoder().encode(text)))).toBe(createHash('sha256').update(text).digest('hex'));
    }
    const password = hexToBytes('00112233445566778899aabbccddeeff00000007');
    const salt = hexToBytes('0102030405060708090a0b0c0d0e0f10');
    expect(bytesToHex(pbkdf2Sha256(password, salt, 100, 32))).toBe(pbkdf2Sync(password, salt, 100, 32, 'sha256').toString('hex'));
    expect(bytesToHex(pbkdf2Sha256(password, salt, 1, 16))).toBe(pbkdf2Sync(password, salt, 1, 16, 'sha256').toString('hex'));
  });

  it('solves a challenge the garage issues, and the garage accepts the solution', async () => {
    const secret = 'test-secret-of-at-least-32-characters!!';
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 300,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: secret,
    });
    // Two workers share the counters: one takes the even ones, the other the odd ones (given up at 1,000 here).
    let tries = 0;
    const even = solve(challenge as unknown as PowChallenge, 0, 2);
    const odd = solve(challenge as unknown as PowChallenge, 1, 2, () => (tries += 256) > 1000);
    expect(odd).toBeNull();
    const solution = even!;
    expect(solution.counter).toBe(300);
    const verified = await verifySolution({ challenge: challenge as Challenge, solution, deriveKey, hmacSignatureSecret: secret });
    expect(verified.verified).toBe(true);
    const payload = JSON.parse(Buffer.from(payloadOf(challenge as unknown as PowChallenge, solution), 'base64').toString('utf8'));
    expect(payload.solution).toEqual(solution);
  });

  it('stops when asked', () => {
    const challenge: PowChallenge = {
      parameters: { algorithm: 'PBKDF2/SHA-256', nonce: '00', salt: '00', cost: 1, keyLength: 32, keyPrefix: 'ffffffffffffffff' },
      signature: '',
    };
    expect(solve(challenge, 0, 1, () => true)).toBeNull();
  });
});
