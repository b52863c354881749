import type { CompatibleVehicle, MlSite } from '@tuerca/contracts';

/** What a listing is made of: the product as this context keeps it. */
export interface ListedProduct {
  id: string;
  title: string;
  description: string;
  brand: string;
  reference: string;
  stock: number;
  price: number;
  images: string[];
  compatibleVehicles: CompatibleVehicle[];
}

/** MercadoLibre's item titles take 60 characters. */
export const ML_TITLE_MAX = 60;

/** The vehicle domain compatibilities point at, per site (MercadoLibre's "Compatibilidades … de Autopartes"). */
export const vehicleDomain = (site: MlSite): string => `${site}-CARS_AND_VANS_FOR_COMPATIBILITIES`;

/**
 * One compatibility per make, model and year the product names (and its engine when it names one). A product
 * whose vehicles name no make has none: MercadoLibre requires compatibilities on autoparts in MCO and MLM.
 */
export function compatibilitiesOf(
  site: MlSite,
  vehicles: readonly CompatibleVehicle[],
): { domain_id: string; attributes: { id: string; value_name: string }[] }[] {
  const out: { domain_id: string; attributes: { id: string; value_name: string }[] }[] = [];
  const seen = new Set<string>();
  for (const v of vehicles) {
    const models = v.full_models.length > 0 ? v.full_models : [null];
    const years = v.years.length > 0 ? v.years : [null];
    const engines = v.engines.length > 0 ? v.engines : [null];
    for (const model of models)
      for (const year of years)
        for (const engine of engines) {
          const attributes = [{ id: 'BRAND', value_name: v.make }];
          if (model) attributes.push({ id: 'MODEL', value_name: model });
          if (year) attributes.push({ id: 'VEHICLE_YEAR', value_name: String(year) });
          if (engine) attributes.push({ id: 'ENGINE', value_name: engine });
          const key = attributes.map((a) => `${a.id}=${a.value_name.toUpperCase()}`).join('|');
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ domain_id: vehicleDomain(site), attributes });
        }
  }
  return out;
}

/** Complete compatibilities (the indicator): every vehicle names make, at least one model and one year. */
export function hasCompleteCompatibilities(vehicles: readonly CompatibleVehicle[]): boolean {
  return vehicles.length > 0 && vehicles.every((v) => v.make.trim() !== '' && v.full_models.length > 0 && v.years.length > 0);
}

/** The item MercadoLibre's POST /items takes for a product (new part, buy-it-now, the store's currency). */
export function itemOf(
  product: ListedProduct,
  o: { site: MlSite; currency: 'COP' | 'MXN'; categoryId: string; listingType: string },
): Record<string, unknown> {
  return {
    title: product.title.slice(0, ML_TITLE_MAX),
    category_id: o.categoryId,
    price: roundPrice(product.price, o.currency),
    currency_id: o.currency,
    available_quantity: Math.max(0, product.stock),
    buying_mode: 'buy_it_now',
    condition: 'new',
    listing_type_id: o.listingType,
    pictures: product.images.slice(0, 10).map((source) => ({ source })),
    attributes: [
      { id: 'BRAND', value_name: product.brand },
      { id: 'PART_NUMBER', value_name: product.reference },
      { id: 'SELLER_SKU', value_name: product.reference },
    ],
    seller_custom_field: product.id,
  };
}

/** Colombian pesos list in whole pesos; Mexican pesos take cents. */
export function roundPrice(price: number, currency: 'COP' | 'MXN'): number {
  return currency === 'COP' ? Math.round(price) : Math.round(price * 100) / 100;
}

/** MercadoLibre's item statuses Tuerca keeps; any other (not_yet_active, payment_required, inactive) is 'under_review'. */
export function listingStatusOf(mlStatus: string): 'active' | 'paused' | 'closed' | 'under_review' {
  return mlStatus === 'active' || mlStatus === 'paused' || mlStatus === 'closed' ? mlStatus : 'under_review';
}

/** The item id of a notification's resource (`/items/MCO123456`). */
export function itemIdOfResource(resource: string): string | null {
  const m = /^\/items\/([A-Z]{3}\d+)(?:$|[/?])/.exec(resource);
  return m ? m[1]! : null;
}

/** Whether a store may list on MercadoLibre now, and how much. */
export interface PublicationAllowance {
  /** getFreepublicationsinML: billing's `freePublicationsInML`, the publications a plan in force includes. */
  free: number;
  /** When the last of the store's marketplace-integration plans in force ends; null without one. */
  planExpiresAt: Date | null;
}

/**
 * spec 000 §1/§9 "Plans are valid 90 days from top-up (marketplace-integration and order plans 30 days), and do
 * not auto-renew", §3 the external-marketplace subscription among the plan keys, §7 getFreepublicationsinML; issue
 * 18 "the free publications of getFreepublicationsinML counted against the marketplace-integration plan": listing
 * on MercadoLibre is what the plan sells, and while one is in force (its expiry from billing, read against the
 * clock) the store keeps up to the free publications open. Plans do not add up: a second one only lasts longer.
 */
export function publicationAllowance(free: number, plans: readonly { expiresAt: Date }[], now: Date): PublicationAllowance {
  const live = plans.filter((p) => p.expiresAt.getTime() > now.getTime()).map((p) => p.expiresAt.getTime());
  return { free, planExpiresAt: live.length ? new Date(Math.max(...live)) : null };
}

/**
 * Whether `adding` more open listings fit beside `used`: null, or why not — 'no-plan' (no marketplace-integration
 * plan in force: the seller is sent to buy one) or 'plan-exhausted' (beyond the plan's free publications).
 */
export function publicationRefusal(allowance: PublicationAllowance, used: number, adding: number): 'no-plan' | 'plan-exhausted' | null {
  if (adding <= 0) return null;
  if (allowance.planExpiresAt === null) return 'no-plan';
  return used + adding > allowance.free ? 'plan-exhausted' : null;
}
