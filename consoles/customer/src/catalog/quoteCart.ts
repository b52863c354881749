import { useSyncExternalStore } from 'react';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';

/** 001 §3 "Vehicle picked for quote cart: brand, name (model), vehicleId, vehicleLocal." */
export interface QuoteVehicle {
  brand: string;
  name: string;
  vehicleId: string;
  vehicleLocal?: boolean;
  /** Where the vehicle's catalogue is (for going back from the quotation page). */
  url?: string;
}
export interface QuotePart {
  name: string;
  reference: string;
  amount: number;
  selected: boolean;
}
export interface QuoteCartEntry {
  vehicle: QuoteVehicle;
  parts: QuotePart[];
}

const EVENT = 'tuerca:quote-cart';

const keyOf = (v: Pick<QuoteVehicle, 'brand' | 'name' | 'vehicleId'>) => `${v.brand}|${v.name}|${v.vehicleId}`;

export function readQuoteCart(): QuoteCartEntry[] {
  const all = readLocal<QuoteCartEntry[]>(STORAGE_KEYS.quoteCart, []);
  return Array.isArray(all) ? all : [];
}

function save(all: QuoteCartEntry[]) {
  writeLocal(STORAGE_KEYS.quoteCart, all);
  cache = null;
  window.dispatchEvent(new Event(EVENT));
}

/**
 * 000 §5: "Quote cart: parts are de-duplicated by reference per vehicle. A new part starts with amount 1
 * and selected true." Answers whether the part was added or was already there.
 */
export function addToQuoteCart(vehicle: QuoteVehicle, part: { name: string; reference: string }): 'added' | 'exists' {
  const all = readQuoteCart();
  const key = keyOf(vehicle);
  let entry = all.find((e) => keyOf(e.vehicle) === key);
  if (!entry) {
    entry = { vehicle, parts: [] };
    all.push(entry);
  }
  if (entry.parts.some((p) => p.reference === part.reference)) return 'exists';
  entry.parts.push({ name: part.name, reference: part.reference, amount: 1, selected: true });
  save(all);
  return 'added';
}

export function updateQuotePart(vehicle: QuoteVehicle, reference: string, change: Partial<Pick<QuotePart, 'amount' | 'selected'>> | null) {
  const all = readQuoteCart();
  const entry = all.find((e) => keyOf(e.vehicle) === keyOf(vehicle));
  if (!entry) return;
  if (change === null) entry.parts = entry.parts.filter((p) => p.reference !== reference);
  else entry.parts = entry.parts.map((p) => (p.reference === reference ? { ...p, ...change } : p));
  save(all.filter((e) => e.parts.length > 0));
}

let cache: QuoteCartEntry[] | null = null;
function snapshot(): QuoteCartEntry[] {
  if (cache === null) cache = readQuoteCart();
  return cache;
}
function subscribe(cb: () => void) {
  const onChange = () => {
    cache = null;
    cb();
  };
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useQuoteCart(): QuoteCartEntry[] {
  return useSyncExternalStore(subscribe, snapshot);
}

export function partsFor(all: QuoteCartEntry[], vehicle: Pick<QuoteVehicle, 'brand' | 'name' | 'vehicleId'> | null): QuotePart[] {
  if (!vehicle) return [];
  return all.find((e) => keyOf(e.vehicle) === keyOf(vehicle))?.parts ?? [];
}
