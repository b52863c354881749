import { describe, expect, it } from '@jest/globals';
import { defaultAppParameters } from '@tuerca/contracts';
import { decide, formatExpiry, thresholdsFor, type MeterState } from './metering.rules.js';

const params = {
  ...defaultAppParameters(),
  substitutionsFreeConsultationsWhitouthLogin: 2,
  substitutionsFreeConsultationsWithLoginWarning: 4,
  substitutionsFreeConsultationsWithLogin: 3,
};
const state = (over: Partial<MeterState>): MeterState => ({
  kind: 'substitutions',
  isGuest: true,
  count: 0,
  windowOpen: false,
  typeBalance: 0,
  generalBalance: 0,
  thresholds: thresholdsFor('substitutions', params, false),
  ...over,
});

describe('metering rules', () => {
  describe('given a guest', () => {
    it('at or below the no-login threshold: no prompt', () => {
      expect(decide(state({ count: 0 }))).toMatchObject({ allowed: true, source: 'free', loginPrompt: 'none' });
      expect(decide(state({ count: 2 }))).toMatchObject({ allowed: true, loginPrompt: 'none' });
    });
    it('above it and below the warning threshold: a closable login request', () => {
      expect(decide(state({ count: 3 }))).toMatchObject({ allowed: true, source: 'free', loginPrompt: 'closable' });
    });
    it('at or above the warning threshold: login required (401; plate 403)', () => {
      expect(decide(state({ count: 4 }))).toMatchObject({
        allowed: false,
        denial: 'Login required',
        denialStatus: 401,
        loginPrompt: 'required',
      });
      const plate = state({ kind: 'plate', count: 5, thresholds: thresholdsFor('plate', defaultAppParameters(), false) });
      expect(decide(plate)).toMatchObject({ allowed: false, denial: 'Login required', denialStatus: 403 });
    });
    it('browsing the same subject within 12 hours is free even past the threshold', () => {
      expect(decide(state({ count: 9, windowOpen: true }))).toMatchObject({ allowed: true, source: 'window' });
    });
  });

  describe('given a logged-in person', () => {
    const user = (over: Partial<MeterState>) => state({ isGuest: false, ...over });
    it('uses the free allowance first, then the balance of the type, then general inquiries', () => {
      expect(decide(user({ count: 2, typeBalance: 5 }))).toMatchObject({ source: 'free', freeRemaining: 1 });
      expect(decide(user({ count: 3, typeBalance: 5, generalBalance: 5 }))).toMatchObject({ source: 'balance' });
      expect(decide(user({ count: 3, typeBalance: 0, generalBalance: 5 }))).toMatchObject({ source: 'general' });
    });
    it('with nothing left answers the exhausted code of the lookup', () => {
      expect(decide(user({ count: 3 }))).toMatchObject({ allowed: false, denial: 'Exhausted substitutions inquiries', denialStatus: 401 });
      expect(decide(user({ kind: 'catalog', count: 99, thresholds: thresholdsFor('catalog', params, false) }))).toMatchObject({
        denial: 'Exhausted catalog inquiries',
      });
      expect(decide(user({ kind: 'plate', count: 0, thresholds: thresholdsFor('plate', params, false) }))).toMatchObject({
        denial: 'Exhausted license plate inquiries',
      });
    });
    it('shows part numbers within the showing threshold or with consultations available', () => {
      const catalog = (over: Partial<MeterState>) =>
        user({
          kind: 'catalog',
          thresholds: thresholdsFor('catalog', { ...params, catalogV2FreeConsultationsShowingPartNumber: 2 }, false),
          ...over,
        });
      expect(decide(catalog({ count: 2 })).canShowPartNumbers).toBe(true);
      expect(decide(catalog({ count: 3 })).canShowPartNumbers).toBe(false);
      expect(decide(catalog({ count: 3, generalBalance: 1 })).canShowPartNumbers).toBe(true);
    });
  });

  it('uses the Store thresholds inside a virtual store', () => {
    const p = { ...defaultAppParameters(), catalogV2FreeConsultationsWithLogin: 1, catalogV2FreeConsultationsWithLoginStore: 7 };
    expect(thresholdsFor('catalog', p, true).withLogin).toBe(7);
    expect(thresholdsFor('catalog', p, false).withLogin).toBe(1);
  });

  it('formats expiry dates DD/MM/YYYY in Colombian time', () => {
    expect(formatExpiry(new Date('2027-02-20T03:00:00Z'))).toBe('19/02/2027');
    expect(formatExpiry(null)).toBeNull();
  });
});
