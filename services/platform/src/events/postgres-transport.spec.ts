import { describe, expect, it } from '@jest/globals';
import { concerns, logNotice } from './postgres-transport.js';

describe('the event log notice', () => {
  it('wakes only the readers of a type the batch carries', () => {
    const notice = logNotice(42n, [{ type: 'ConsultationConsumed' }, { type: 'CatalogSearched' }, { type: 'ConsultationConsumed' }]);
    expect(notice).toBe('42 ConsultationConsumed,CatalogSearched');
    expect(concerns(notice, ['ConsultationConsumed'])).toBe(true);
    expect(concerns(notice, ['OrderPlaced', 'CatalogSearched'])).toBe(true);
    expect(concerns(notice, ['OrderPlaced'])).toBe(false);
    // A name that is only part of a carried type is another type.
    expect(concerns(notice, ['Consultation'])).toBe(false);
  });

  it('wakes everyone when the types do not fit in a notice, or it carries none', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({ type: `SomethingHappenedNumber${i}` }));
    expect(logNotice(7n, many)).toBe('7');
    expect(concerns('7', ['OrderPlaced'])).toBe(true);
  });
});
