import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@tuerca/contracts';
import { sessionControl } from './session.rules.js';

const person: SessionUser = {
  id: '7b1c7a52-3f0e-4a8e-9d4e-2b7f0f6a1c11',
  isGuest: false,
  email: 'ana@correo.co',
  mobile: '3001234567',
  name: 'Ana',
  roles: ['customer'],
  downloadPartsCatalog: false,
  signUpCompleted: true,
  country: 'CO',
  storeId: null,
};

describe('sessionControl (spec 001 §7)', () => {
  it('a logged-in visitor asked about with 0 or their own id is active', () => {
    expect(sessionControl({ user: person, guestId: 'g1' }, '0')).toEqual({
      session: { user: person, isGuest: false },
      sessionActive: true,
    });
    expect(sessionControl({ user: person, guestId: 'g1' }, person.id).sessionActive).toBe(true);
  });

  it('asked about another user id, the session is no longer the one the console holds', () => {
    expect(sessionControl({ user: person, guestId: 'g1' }, '0f7e3b0a-0000-4000-8000-000000000000').sessionActive).toBe(false);
  });

  it('a guest is the guest user; asked about a person it is not active', () => {
    const guest = sessionControl({ user: null, guestId: 'visitor-123' }, '0');
    expect(guest).toMatchObject({
      session: { isGuest: true, user: { id: 'visitor-123', isGuest: true, email: null } },
      sessionActive: true,
    });
    expect(sessionControl({ user: null, guestId: 'visitor-123' }, person.id).sessionActive).toBe(false);
  });
});
