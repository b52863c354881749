import { describe, expect, it } from '@jest/globals';
import {
  channelFor,
  effectiveState,
  groupCheckout,
  isCovered,
  ivaIncluded,
  lineProblem,
  minimumShortfall,
  onPaymentApproved,
  paymentStoreInfo,
  priceLine,
  priceTransaction,
  reservationEnd,
  toCents,
  type CheckoutLine,
} from './purchase.rules.js';

const NOW = new Date('2026-11-24T15:00:00Z');

const line = (over: Partial<CheckoutLine> = {}): CheckoutLine => ({
  itemId: 'i1',
  productId: 'p1',
  storeId: 's1',
  title: 'Filtro de aceite',
  salesModel: 1,
  quantity: 2,
  inventario: 10,
  fechaActualizacion: new Date('2026-11-20T00:00:00Z'),
  storeIsVirtual: false,
  productState: 'published',
  minimumOrderQuantity: 1,
  quotationMaxQuantity: null,
  unitPrice: 25000,
  quotationId: null,
  quotationOpen: false,
  ...over,
});

describe('money in integer cents', () => {
  it('reads numeric prices without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.57)).toBe(123457);
    expect(toCents(19999.99)).toBe(1999999);
    expect(() => toCents(-1)).toThrow(RangeError);
  });

  it('discounts one unit to the cent, then multiplies, so a line never has fractions of a cent', () => {
    // 3 % of $33.333,33 is $999,99999 → $1.000,00 a unit.
    expect(priceLine(3_333_333, 3, 3)).toEqual({
      unitPriceCents: 3_333_333,
      quantity: 3,
      discountPercentage: 3,
      grossCents: 9_999_999,
      discountCents: 300_000,
      totalCents: 9_699_999,
    });
  });

  it('Colombian pesos: IVA 19 % included in the total', () => {
    // Two $119.000 lines with the store's 3 % discount: 2 × 115.430 = 230.860; IVA = 230.860 − 194.000 = 36.860.
    const a = priceLine(11_900_000, 1, 3);
    const b = priceLine(11_900_000, 1, 3);
    expect(priceTransaction([a, b], 'CO')).toEqual({
      subtotalCents: 23_800_000,
      discountCents: 714_000,
      totalCents: 23_086_000,
      ivaRate: 19,
      ivaCents: 3_686_000,
    });
  });

  it('pesos mexicanos: IVA 16 % with centavos, half up', () => {
    // $1,234.50 MXN × 3 = $3,703.50; base 3,192.67 (3703.50 / 1.16 = 3192.672…); IVA 510.83.
    expect(priceTransaction([priceLine(123_450, 3, 0)], 'MX')).toEqual({
      subtotalCents: 370_350,
      discountCents: 0,
      totalCents: 370_350,
      ivaRate: 16,
      ivaCents: 51_083,
    });
    expect(ivaIncluded(116, 16)).toBe(16);
    expect(ivaIncluded(0, 19)).toBe(0);
  });

  it('refuses amounts past the safe integer range', () => {
    expect(() => priceLine(100_000_000_000, 1_000_000, 0)).toThrow(RangeError);
  });
});

describe('which lines make which transaction', () => {
  it('sends sale (1) and quotation (3) lines online, order lines (2) to the seller', () => {
    expect(channelFor('purchase', 1)).toBe('online');
    expect(channelFor('purchase', 3)).toBe('online');
    expect(channelFor('purchase', 2)).toBe('order');
    expect(channelFor('online', 2)).toBeNull();
    expect(channelFor('order', 1)).toBeNull();
    expect(channelFor('link', 1)).toBe('link');
  });

  it('groups by store and channel, in a stable order', () => {
    const { groups, skipped } = groupCheckout('purchase', [
      line({ itemId: 'a', storeId: 's2' }),
      line({ itemId: 'b', storeId: 's1', salesModel: 2 }),
      line({ itemId: 'c', storeId: 's1' }),
      line({ itemId: 'd', storeId: 's2' }),
    ]);
    expect(groups.map((g) => [g.storeId, g.channel, g.lines.map((l) => l.itemId)])).toEqual([
      ['s1', 'online', ['c']],
      ['s1', 'order', ['b']],
      ['s2', 'online', ['a', 'd']],
    ]);
    expect(skipped).toEqual([]);
    expect(groupCheckout('order', [line()]).skipped).toHaveLength(1);
  });

  it('names the problem of a line in the spec’s words', () => {
    expect(lineProblem(line(), NOW)).toBeNull();
    expect(lineProblem(line({ inventario: 0 }), NOW)).toBe('El producto seleccionado no está disponible');
    expect(lineProblem(line({ fechaActualizacion: new Date('2026-09-01T00:00:00Z') }), NOW)).toBe(
      'El producto seleccionado no está disponible',
    );
    expect(lineProblem(line({ fechaActualizacion: new Date('2026-09-01T00:00:00Z'), storeIsVirtual: true }), NOW)).toBeNull();
    expect(lineProblem(line({ quantity: 11 }), NOW)).toBe('La cantidad disponible es de 10 unidades. Intenta con una cantidad menor.');
    expect(lineProblem(line({ minimumOrderQuantity: 3 }), NOW)).toBe('La cantidad mínima de compra de Filtro de aceite es de 3 unidades.');
    expect(lineProblem(line({ unitPrice: null }), NOW)).toMatch(/se confirma con una cotización/);
    expect(lineProblem(line({ salesModel: 3, quotationId: 'q', quotationOpen: false }), NOW)).toMatch(/El tiempo para comprar/);
    expect(lineProblem(line({ salesModel: 3, quotationId: 'q', quotationOpen: true, quotationMaxQuantity: 1 }), NOW)).toBe(
      'La cantidad máxima permitida es de 1 unidad.',
    );
  });

  it('names the store that falls short of its minimum', () => {
    expect(minimumShortfall({ name: 'Autopartes del Valle', minimumCents: 15_000_000, currency: 'COP' }, 15_000_000)).toBeNull();
    expect(minimumShortfall({ name: 'Autopartes del Valle', minimumCents: 15_000_000, currency: 'COP' }, 10_000_000)).toMatch(
      /^La compra mínima en Autopartes del Valle es de \$\s?150\.000 COP: te faltan \$\s?50\.000 COP\.$/,
    );
  });
});

describe('states and windows', () => {
  const windows = { onlineMinutes: 30, linkHours: 24, orderHours: 48 };

  it('holds stock 30 minutes online, 24 hours for a link, 48 hours for orders', () => {
    expect(reservationEnd('online', NOW, windows).toISOString()).toBe('2026-11-24T15:30:00.000Z');
    expect(reservationEnd('link', NOW, windows).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(reservationEnd('order', NOW, windows).toISOString()).toBe('2026-11-26T15:00:00.000Z');
  });

  it('reads a reservation past its window as cancelled before any job has run', () => {
    const held = {
      state: 'pending_payment' as const,
      stockState: 'reserved' as const,
      reservationExpiresAt: new Date('2026-11-24T15:30:00Z'),
    };
    expect(effectiveState(held, NOW)).toEqual({ state: 'pending_payment', cancelReason: null });
    expect(effectiveState(held, new Date('2026-11-24T15:30:00Z'))).toEqual({ state: 'cancelled', cancelReason: 'reservation_expired' });
    expect(effectiveState({ ...held, state: 'paid', stockState: 'committed' }, new Date('2027-01-01'))).toEqual({
      state: 'paid',
      cancelReason: null,
    });
  });

  it('derives paid from the payments not reversed', () => {
    expect(isCovered(1000, [])).toBe(false);
    expect(isCovered(1000, [{ amountCents: 1000, reversedAt: null }])).toBe(true);
    expect(isCovered(1000, [{ amountCents: 1000, reversedAt: NOW }])).toBe(false);
    expect(onPaymentApproved('pending_payment', true)).toBe('mark-paid');
    expect(onPaymentApproved('cancelled', true)).toBe('re-reserve-then-paid');
    expect(onPaymentApproved('paid', true)).toBe('refund-due');
  });

  it('gives the buyer the store’s WhatsApp about this purchase when the store set nothing else', () => {
    const info = paymentStoreInfo(
      {
        name: 'Repuestos La 68',
        mobile: '+573001112233',
        transactionClosingForm: 'whatsapp',
        addressingAfterTransaction: null,
        addressingButtonName: null,
      },
      'TU-0001042',
    );
    expect(info).toMatchObject({
      name: 'Repuestos La 68',
      mobile_number: '+573001112233',
      addressing_button_name: 'Escribir a la tienda por WhatsApp',
    });
    expect(decodeURIComponent(info.addressing_after_transaction!)).toBe(
      'https://wa.me/573001112233?text=Hola Repuestos La 68, te escribo por mi compra TU-0001042 en Tuerca.',
    );
  });
});
