import { z } from 'zod';
import { defineRoute, listQuerySchema, nameListParam, type RouteContract } from '@tuerca/contracts';

/** spec 001 §9: the brand search asks for 200 a page, which is also the default here. */
export const BRAND_PAGE_SIZE = 200;

/** `showActiveBrands` is the spec's default; `showAllBrands` (Tuerca's) adds the inactive ones. */
export const BRAND_SCOPES = ['showActiveBrands', 'showAllBrands'] as const;
export type BrandScope = (typeof BRAND_SCOPES)[number];

export const brandListQuerySchema = listQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(BRAND_PAGE_SIZE).default(BRAND_PAGE_SIZE),
});
export type BrandListQuery = z.infer<typeof brandListQuerySchema>;

export const brandFilterSchema = z.object({ name: z.string().max(60).optional() });
export type BrandFilter = z.infer<typeof brandFilterSchema>;

export const scopesQuerySchema = z.object({ scopes: nameListParam });

const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  country_of_origin: z.string().nullable(),
  logo: z.string(),
});

const tags = ['garage', 'vehicle-brands'];
const pub = 'public' as const;
const list = (path: string): RouteContract =>
  defineRoute({
    method: 'GET',
    path,
    summary: 'Marcas de vehículos (filter.name, scopes, pageSize 200)',
    tags,
    query: brandListQuerySchema,
    response: z.object({ data: z.array(brandSchema), metadata: z.record(z.string(), z.unknown()) }),
    access: pub,
    errors: [400],
  });
const one = (path: string): RouteContract =>
  defineRoute({
    method: 'GET',
    path,
    summary: 'Una marca de vehículo',
    tags,
    response: z.object({ data: brandSchema, metadata: z.record(z.string(), z.unknown()) }),
    access: pub,
    errors: [404],
  });

export const brandsRoutes: RouteContract[] = [
  list('/api/store/vehicleBrand'),
  list('/api/store/vehicleBrandWS'),
  ...['/api/store/vehicleBrand/getAllBrands', '/api/store/vehicleBrandWS/getAllBrands'].map((path) =>
    defineRoute({
      method: 'GET',
      path,
      summary: 'Todas las marcas, sin paginar (scopes)',
      tags,
      query: scopesQuerySchema,
      access: pub,
      errors: [400],
    }),
  ),
  one('/api/store/vehicleBrand/:id'),
  one('/api/store/vehicleBrandWS/:id'),
  defineRoute({
    method: 'GET',
    path: '/themes/:theme/vehicle_brands/:file',
    summary: 'Logo de una marca (WebP), por id o por nombre',
    tags,
    access: pub,
    errors: [404],
  }),
];
