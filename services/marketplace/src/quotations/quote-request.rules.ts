/**
 * Which sellers a quotation request reaches (the '/home/page/cotizacion' form; the spec does not say how sellers
 * are chosen, this is Tuerca's rule): stores of the requester's country that sell one of the parts — by its part
 * number when the workshop gave one (the number is what the part is), else by its name in their products'
 * texts. Only when no store lists any of the parts does the request go to the stores that sell parts for the
 * vehicle's make. The stores that cover the most parts come first (a part number counts more than a name, the
 * make breaks ties), at most `max`.
 */
export interface SellerCandidate {
  storeId: string;
  storeName: string;
  /** Positions of the parts whose part number the store sells. */
  byReference: ReadonlySet<number>;
  /** Positions of the parts whose name matches the store's products. */
  byName: ReadonlySet<number>;
  /** The store sells parts for the vehicle's make. */
  sellsMake: boolean;
}

export function rankSellers(candidates: readonly SellerCandidate[], max: number): SellerCandidate[] {
  const covered = (c: SellerCandidate) => new Set([...c.byReference, ...c.byName]).size;
  const score = (c: SellerCandidate) => 3 * c.byReference.size + 2 * c.byName.size + (c.sellsMake ? 1 : 0);
  const anyCovers = candidates.some((c) => covered(c) > 0);
  return candidates
    .filter((c) => (anyCovers ? covered(c) > 0 : c.sellsMake))
    .sort((a, b) => covered(b) - covered(a) || score(b) - score(a) || a.storeName.localeCompare(b.storeName, 'es'))
    .slice(0, max);
}

/** Merges what one query found for one part into the candidates by store. */
export function addMatches(
  into: Map<string, SellerCandidate>,
  stores: readonly { storeId: string; storeName: string }[],
  match: { position: number; by: 'reference' | 'name' } | { make: true },
): void {
  for (const s of stores) {
    const c = into.get(s.storeId) ?? {
      storeId: s.storeId,
      storeName: s.storeName,
      byReference: new Set(),
      byName: new Set(),
      sellsMake: false,
    };
    if ('make' in match) c.sellsMake = true;
    else (match.by === 'reference' ? (c.byReference as Set<number>) : (c.byName as Set<number>)).add(match.position);
    into.set(s.storeId, c);
  }
}
