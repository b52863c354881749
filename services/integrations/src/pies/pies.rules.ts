import type { BrandCompatibility as BrandCompatibilityView } from '@tuerca/contracts';

/** A mapping row joined with its PIES brand, as the API answers it. */
export function toCompatibilityView(r: {
  id: string;
  storeId: string;
  productBrand: string;
  brandAaiaid: string;
  brandName: string;
  createdAt: Date;
  updatedAt: Date;
}): BrandCompatibilityView {
  return {
    id: r.id,
    store_id: r.storeId,
    product_brand: r.productBrand,
    brand_aaiaid: r.brandAaiaid,
    brand_name: r.brandName,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
