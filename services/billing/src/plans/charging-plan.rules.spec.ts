import { describe, expect, it } from '@jest/globals';
import {
  activeTabs,
  formatPrice,
  isTrialType,
  planRefusal,
  toPlanView,
  validityAfterPatch,
  validityFor,
  type ChargingPlanRow,
} from './charging-plan.rules.js';

describe('plan validity (spec: 90 days; 30 for marketplace-integration and order plans)', () => {
  it('defaults by type and keeps what the operator gave', () => {
    expect(validityFor('plate_consultations', undefined)).toBe(90);
    expect(validityFor('marketplace_integration', undefined)).toBe(30);
    expect(validityFor('orders', undefined)).toBe(30);
    expect(validityFor('orders', 45)).toBe(45);
  });

  it('follows a change of type only while it was the default', () => {
    expect(validityAfterPatch({ transaction_type: 'plate_consultations', validity_days: 90 }, { transaction_type: 'orders' })).toBe(30);
    expect(validityAfterPatch({ transaction_type: 'orders', validity_days: 30 }, { transaction_type: 'general_inquiries' })).toBe(90);
    expect(validityAfterPatch({ transaction_type: 'plate_consultations', validity_days: 60 }, { transaction_type: 'orders' })).toBe(60);
    expect(
      validityAfterPatch({ transaction_type: 'plate_consultations', validity_days: 90 }, { transaction_type: 'orders', validity_days: 10 }),
    ).toBe(10);
    expect(validityAfterPatch({ transaction_type: 'plate_consultations', validity_days: 90 }, { title: 'x' } as never)).toBe(90);
  });
});

describe('plan tabs', () => {
  it('lists the types with plans in the spec order, plus the one asked for', () => {
    expect(activeTabs(['orders', 'plate_consultations', 'orders'])).toEqual([
      { key: 'plate_consultations', label: 'Consultas por placa' },
      { key: 'orders', label: 'Pedidos' },
    ]);
    expect(activeTabs([], 'credit_studies')).toEqual([{ key: 'credit_studies', label: 'Estudios de crédito' }]);
  });

  it('offers trials only for consultation types', () => {
    expect(isTrialType('catalog_consultations')).toBe(true);
    expect(isTrialType('general_inquiries')).toBe(true);
    expect(isTrialType('store_implementation')).toBe(false);
  });
});

describe('prices in the plan currency', () => {
  it('formats pesos the Colombian way and Mexican pesos with cents', () => {
    expect(formatPrice(24900, 'COP')).toBe('$ 24.900 COP');
    expect(formatPrice(24900.5, 'COP')).toBe('$ 24.900,5 COP');
    expect(formatPrice(149, 'MXN')).toBe('$149.00 MXN');
  });

  it('reads numeric prices and hides deleted_at from non-operators', () => {
    const row: ChargingPlanRow = {
      id: 'p',
      title: 'Placas 10',
      description: '',
      amount: 10,
      price: '19900.00',
      currency: 'COP',
      transactionType: 'plate_consultations',
      validityDays: 90,
      storePlan: false,
      active: true,
      deletedAt: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-02T00:00:00Z'),
    };
    const view = toPlanView(row, { operator: false });
    expect(view).toMatchObject({
      price: 19900,
      price_label: '$ 19.900 COP',
      transaction_type_label: 'Consultas por placa',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect('deleted_at' in view).toBe(false);
    expect(toPlanView(row, { operator: true }).deleted_at).toBeNull();
  });
});

describe('who may buy a plan (#20 finding 9)', () => {
  const workshop = { roles: ['workshop'], country: 'CO' as const };
  it('sells store plans to sellers and store admins only', () => {
    expect(planRefusal({ storePlan: true, currency: 'COP' }, workshop)).toBe('stores-only');
    expect(planRefusal({ storePlan: true, currency: 'COP' }, { roles: ['seller'], country: 'CO' })).toBeNull();
    expect(planRefusal({ storePlan: true, currency: 'COP' }, { roles: ['store_admin', 'seller'], country: 'CO' })).toBeNull();
    expect(planRefusal({ storePlan: false, currency: 'COP' }, workshop)).toBeNull();
  });

  it("sells a plan in its currency's country", () => {
    expect(planRefusal({ storePlan: false, currency: 'MXN' }, workshop)).toBe('other-country');
    expect(planRefusal({ storePlan: false, currency: 'MXN' }, { roles: ['customer'], country: 'MX' })).toBeNull();
    expect(planRefusal({ storePlan: false, currency: 'COP' }, { roles: ['customer'], country: 'MX' })).toBe('other-country');
  });
});
