import { describe, expect, it } from '@jest/globals';
import { DemoRandom, demoId } from './random.js';
import { demoPeople } from './people.js';
import { DEMO_MAKES, vinCheckDigit } from './vehicles.js';

describe('demo data is deterministic', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = new DemoRandom(7);
    const b = new DemoRandom(7);
    const seqA = Array.from({ length: 5 }, () => a.int(1, 1000));
    expect(Array.from({ length: 5 }, () => b.int(1, 1000))).toEqual(seqA);
    const c = new DemoRandom(8);
    expect(Array.from({ length: 5 }, () => c.int(1, 1000))).not.toEqual(seqA);
  });

  it('makes stable UUIDs', () => {
    expect(demoId(1, 'user', 'x')).toBe(demoId(1, 'user', 'x'));
    expect(demoId(1, 'user', 'x')).not.toBe(demoId(2, 'user', 'x'));
    expect(demoId(1, 'user', 'x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('has one demo account per role', () => {
    const roles = new Set(demoPeople().flatMap((p) => p.roles));
    expect([...roles].sort()).toEqual(['adviser', 'customer', 'operator', 'seller', 'store_admin', 'workshop']);
  });
});

describe('demo vehicles', () => {
  it('has at least 20 makes sold in Colombia and Mexico', () => {
    expect(DEMO_MAKES.length).toBeGreaterThanOrEqual(20);
    expect(DEMO_MAKES.map((m) => m.name)).toEqual(
      expect.arrayContaining(['Chevrolet', 'Renault', 'Mazda', 'Kia', 'Hyundai', 'Toyota', 'Nissan', 'Volkswagen', 'Ford', 'Suzuki']),
    );
  });

  it('computes the ISO 3779 check digit', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });
});
