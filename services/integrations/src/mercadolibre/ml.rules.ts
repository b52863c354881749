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
