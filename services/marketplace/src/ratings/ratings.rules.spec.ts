import { describe, expect, it } from '@jest/globals';
import { formatRatingAverage, t } from '@tuerca/contracts';
import { ratingSummaryOf, resendRefusal } from './ratings.rules.js';

const H = 3600_000;

describe('ratings rules', () => {
  const asked = new Date('2026-11-20T12:00:00Z');

  it('resends a request after 24 hours, at most three requests, never once rated', () => {
    expect(resendRefusal({ ratedAt: null, requests: 1, lastRequestedAt: asked }, new Date(asked.getTime() + 24 * H))).toBeNull();
    expect(resendRefusal({ ratedAt: null, requests: 1, lastRequestedAt: asked }, new Date(asked.getTime() + 23 * H))).toBe('too-soon');
    expect(resendRefusal({ ratedAt: null, requests: 3, lastRequestedAt: asked }, new Date(asked.getTime() + 100 * H))).toBe('too-many');
    expect(resendRefusal({ ratedAt: asked, requests: 1, lastRequestedAt: asked }, new Date(asked.getTime() + 100 * H))).toBe('rated');
  });

  it('averages to one decimal, shown with a decimal comma; none without ratings', () => {
    expect(ratingSummaryOf(0, 0)).toBeNull();
    expect(ratingSummaryOf(3, 13)).toEqual({ average: 4.3, count: 3 });
    expect(ratingSummaryOf(2, 9)).toEqual({ average: 4.5, count: 2 });
    expect(formatRatingAverage(4.5)).toBe('4,5');
    expect(formatRatingAverage(5)).toBe('5,0');
  });

  it('says the count with the right plural', () => {
    expect(t('ratings.summary', { average: '4,0', count: 1 })).toBe('4,0 (1 calificación)');
    expect(t('ratings.summary', { average: '4,5', count: 12 })).toBe('4,5 (12 calificaciones)');
  });
});
