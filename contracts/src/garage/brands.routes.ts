import { z } from 'zod';
import { listQuerySchema, nameListParam, pageSchema, successSchema } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';

/** spec 001 §9: the brand search asks for 200 a page, which is also the default here. */
export const BRAND_PAGE_SIZE = 200;

/** `showActiveBrands` is the spec's default; `showAllBrands` (Tuerca's) adds the inactive ones. */
export const BRAND_SCOPES = ['showActiveBrands', 'showAllBrands'] as const;
export type BrandScope = (typeof BRAND_SCOPES)[number];

export const brandListQuerySchema = listQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(BRAND_PAGE_SIZE).default(BRAND_PAGE_SIZE),
});
export type BrandListQuery = z.infer<typeof brandListQuerySchema>;

/** spec 001 §7: `filter={"name":"…"}` (contains, accents and case aside). */
export const brandFilterSchema = z.object({ name: z.string().max(60).optional() });
export type BrandFilter = z.infer<typeof brandFilterSchema>;

export const brandScopesQuerySchema = z.object({ scopes: nameListParam });

/** A vehicle brand as the vehicle form's brand list shows it; `logo` is its /themes/default/… URL. */
export const vehicleBrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  country_of_origin: z.string().nullable(),
  logo: z.string(),
});
export type VehicleBrandView = z.infer<typeof vehicleBrandSchema>;

const tags = ['garage', 'vehicle-brands'];
const brandIdParams = z.object({ id: z.string().max(200) });
const logoParams = z.object({ theme: z.string().max(200), file: z.string().max(200) });

const list = <P extends string>(path: P) =>
  defineRoute({
    method: 'GET',
    path,
    summary: 'Marcas de vehículos (filter.name, scopes, pageSize 200)',
    tags,
    query: brandListQuerySchema,
    response: pageSchema(vehicleBrandSchema),
    access: 'public',
    errors: [400],
  });
const all = <P extends string>(path: P) =>
  defineRoute({
    method: 'GET',
    path,
    summary: 'Todas las marcas, sin paginar (scopes)',
    tags,
    query: brandScopesQuerySchema,
    response: successSchema(z.array(vehicleBrandSchema), z.object({ total: z.number().int() })),
    access: 'public',
    errors: [400],
  });
const one = <P extends string>(path: P) =>
  defineRoute({
    method: 'GET',
    path,
    summary: 'Una marca de vehículo',
    tags,
    params: brandIdParams,
    response: successSchema(vehicleBrandSchema),
    access: 'public',
    errors: [404],
  });

/** Vehicle brands (spec 001 §7 "Vehicle brands"), public; the `WS` paths answer the same. */
export const vehicleBrandsRoutes = {
  list: list('/api/store/vehicleBrand'),
  listWs: list('/api/store/vehicleBrandWS'),
  all: all('/api/store/vehicleBrand/getAllBrands'),
  allWs: all('/api/store/vehicleBrandWS/getAllBrands'),
  one: one('/api/store/vehicleBrand/:id'),
  oneWs: one('/api/store/vehicleBrandWS/:id'),
  logo: defineRoute({
    method: 'GET',
    path: '/themes/:theme/vehicle_brands/:file',
    summary: 'Logo de una marca (WebP), por id o por nombre',
    tags,
    params: logoParams,
    produces: 'image/webp',
    access: 'public',
    errors: [404],
  }),
};
