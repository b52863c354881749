import { describe, expect, it } from '@jest/globals';
import { isMaskedIdentityNumber, isVehicleToken, maskIdentityNumber, openVehicleToken, sealVehicleToken } from './vehicle-token.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('the opaque vehicle token', () => {
  it('seals a VIN that only the same secret opens, without showing it', async () => {
    const vin = 'JM1BN1L77J1100001';
    const token = await sealVehicleToken(vin, SECRET);
    expect(isVehicleToken(token)).toBe(true);
    expect(token).not.toContain(vin);
    expect(atob(token.slice(4).replace(/-/g, '+').replace(/_/g, '/'))).not.toContain(vin);
    expect(await openVehicleToken(token, SECRET)).toBe(vin);
    expect(await openVehicleToken(token, `${SECRET}-other`)).toBeNull();
    expect(await sealVehicleToken(vin, SECRET)).not.toBe(token);
  });

  it('refuses an edited or made-up token', async () => {
    const token = await sealVehicleToken('JM1BN1L77J1100001', SECRET);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Every other character at the end, where the last one's low bits are unused, and one in the middle.
    for (const position of [token.length - 1, token.length - 2, Math.floor(token.length / 2)]) {
      for (const c of alphabet) {
        if (c === token[position]) continue;
        const edited = `${token.slice(0, position)}${c}${token.slice(position + 1)}`;
        expect(await openVehicleToken(edited, SECRET)).toBeNull();
      }
    }
    expect(await openVehicleToken('vt1.not-a-real-token-at-all-but-long-enough', SECRET)).toBeNull();
    expect(await openVehicleToken('JM1BN1L77J1100001', SECRET)).toBeNull();
  });

  it('masks identity numbers, keeping the manufacturer and the last four', () => {
    expect(maskIdentityNumber('JM1BN1L77J1100001')).toBe('JM1••••••••••0001');
    expect(maskIdentityNumber('PEVPS123456')).toBe('PEV••••3456');
    expect(maskIdentityNumber('ABC')).toBe('•••');
    expect(maskIdentityNumber(null)).toBeNull();
    expect(isMaskedIdentityNumber('JM1••••••••••0001')).toBe(true);
    expect(isMaskedIdentityNumber('JM1BN1L77J1100001')).toBe(false);
  });
});
