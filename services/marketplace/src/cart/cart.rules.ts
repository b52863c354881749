import {
  IVA_RATES,
  quotationLimit,
  type CartLine,
  type CartSection,
  type CartStoreSummary,
  type PurchaseDiscountRule,
  type QuotationState,
} from '@tuerca/contracts';
import type { Visitor } from '@tuerca/platform';
import {
  discountPercentageFor,
  lineProblem,
  priceLine,
  priceTransaction,
  toCents,
  type CheckoutLine,
} from '../purchases/purchase.rules.js';

/** Cart owner key: a person's, or a guest visitor's (a guest keeps a cart without logging in). */
export function ownerOf(visitor: Visitor): string {
  return visitor.user ? `u:${visitor.user.id}` : `g:${visitor.guestId}`;
}

/** The guest cart a logged-in person browsed with before logging in (the session keeps the guest id), or null. */
export function guestOwnerOf(visitor: Visitor): string | null {
  return visitor.user && visitor.guestId ? `g:${visitor.guestId}` : null;
}

/** A cart line with its product, store and quotation, as one read gives it. */
export interface CartRow {
  id: string;
  section: CartSection;
  quantity: number;
  selected: boolean;
  addedAt: Date;
  quotationId: string | null;
  productId: string;
  title: string;
  referencia1: string;
  manufacturerTitle: string;
  imagesUrls: string[];
  inventario: number;
  fechaActualizacion: Date;
  actualPrice: number;
  hidePrices: boolean;
  productState: 'published' | 'depleted' | 'deleted';
  salesModel: 1 | 2 | 3;
  minimumOrderQuantity: number;
  quotationMaxQuantity: number | null;
  storeId: string;
  storeName: string;
  currency: 'COP' | 'MXN';
  country: 'CO' | 'MX';
  isVirtual: boolean;
  showProductReferences: boolean;
  purchaseDiscountRules: PurchaseDiscountRule[];
  minimumPurchaseValue: number;
  quotationState: QuotationState | null;
  quotationPrice: number | null;
  quotationWindowExpiresAt: Date | null;
}

/** The price a line is bought at: the seller's quoted price, else the list price unless hidden. */
export function unitPriceOf(row: Pick<CartRow, 'quotationPrice' | 'hidePrices' | 'actualPrice'>): number | null {
  if (row.quotationPrice !== null) return row.quotationPrice;
  return row.hidePrices ? null : row.actualPrice;
}

/** The store's purchase discount applies to list prices; a quoted price is the seller's final word. */
export function discountOf(row: Pick<CartRow, 'quotationPrice' | 'purchaseDiscountRules'>, unitPrice: number | null): number {
  if (unitPrice === null || row.quotationPrice !== null) return 0;
  return discountPercentageFor(unitPrice, row.purchaseDiscountRules);
}

export function quotationOpen(row: Pick<CartRow, 'quotationState' | 'quotationWindowExpiresAt'>, now: Date): boolean {
  return row.quotationState === 'available' && row.quotationWindowExpiresAt !== null && row.quotationWindowExpiresAt > now;
}

/** What the checkout rules need to know of a cart line. */
export function checkoutLineOf(row: CartRow, now: Date): CheckoutLine {
  return {
    itemId: row.id,
    productId: row.productId,
    storeId: row.storeId,
    title: row.title,
    salesModel: row.salesModel,
    quantity: row.quantity,
    inventario: row.inventario,
    fechaActualizacion: row.fechaActualizacion,
    storeIsVirtual: row.isVirtual,
    productState: row.productState,
    minimumOrderQuantity: row.minimumOrderQuantity,
    quotationMaxQuantity: row.quotationMaxQuantity,
    unitPrice: unitPriceOf(row),
    quotationId: row.quotationId,
    quotationOpen: quotationOpen(row, now),
  };
}

/** A cart line as the cart page shows it: price, discount and total in cents, and why it cannot be bought now. */
export function cartLineOf(row: CartRow, now: Date): CartLine {
  const unitPrice = unitPriceOf(row);
  const discountPercentage = discountOf(row, unitPrice);
  const priced = unitPrice === null ? null : priceLine(toCents(unitPrice), row.quantity, discountPercentage);
  const hidesReferences = row.isVirtual && !row.showProductReferences;
  const maxQuantity =
    row.salesModel === 3 ? quotationLimit({ inventario: row.inventario, quotationMaxQuantity: row.quotationMaxQuantity }) : row.inventario;
  return {
    id: row.id,
    section: row.section,
    productId: row.productId,
    title: row.title,
    reference: hidesReferences ? null : row.referencia1,
    manufacturerTitle: row.manufacturerTitle,
    imageUrl: row.imagesUrls[0] ?? null,
    quantity: row.quantity,
    unitPrice,
    unitPriceCents: priced?.unitPriceCents ?? null,
    discountPercentage,
    lineTotalCents: priced?.totalCents ?? null,
    currency: row.currency,
    storeId: row.storeId,
    storeName: row.storeName,
    quotationId: row.quotationId,
    salesModel: row.salesModel,
    selected: row.selected,
    inventario: row.inventario,
    minimumOrderQuantity: row.minimumOrderQuantity,
    maxQuantity,
    problem: row.section === 'cart' ? lineProblem(checkoutLineOf(row, now), now) : null,
    addedAt: row.addedAt.toISOString(),
  };
}

/**
 * Each store's part of the selected lines: amounts with IVA included, and its minimum purchase value. Lines that
 * cannot be bought now are left out, unless `withProblems` (the minimum-value check counts every selected line
 * that has a price, as the cart page shows it).
 */
export function storeSummaries(rows: readonly CartRow[], lines: readonly CartLine[], withProblems = false): CartStoreSummary[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stores = new Map<string, { row: CartRow; priced: ReturnType<typeof priceLine>[]; count: number }>();
  for (const line of lines) {
    if (line.section !== 'cart' || !line.selected || (line.problem !== null && !withProblems) || line.unitPriceCents === null) continue;
    const row = byId.get(line.id)!;
    const entry = stores.get(line.storeId) ?? { row, priced: [], count: 0 };
    entry.priced.push(priceLine(line.unitPriceCents, line.quantity, line.discountPercentage));
    entry.count += 1;
    stores.set(line.storeId, entry);
  }
  return [...stores.values()]
    .map(({ row, priced, count }) => {
      const amounts = priceTransaction(priced, row.country in IVA_RATES ? row.country : 'CO');
      const minimumCents = toCents(row.minimumPurchaseValue);
      return {
        storeId: row.storeId,
        storeName: row.storeName,
        currency: row.currency,
        country: row.country,
        amounts,
        minimumCents,
        minimumMet: amounts.totalCents >= minimumCents,
        selectedLines: count,
      };
    })
    .sort((a, b) => a.storeName.localeCompare(b.storeName, 'es'));
}
