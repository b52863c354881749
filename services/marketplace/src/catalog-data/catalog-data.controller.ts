import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { cleanReference, defineRoute, listQuerySchema, type RouteContract } from '@tuerca/contracts';
import { ContextDatabase, ok, parseInput, pgTextArray, zod } from '@tuerca/platform';

const categoryFilterSchema = z.object({ name: z.string().trim().max(80).optional() });

export const findImageQuerySchema = z.object({
  /** One reference or several, comma-separated. */
  references: z
    .string({ error: 'Este campo es obligatorio' })
    .max(2000)
    .transform((v) =>
      [
        ...new Set(
          v
            .split(',')
            .map(cleanReference)
            .filter((r) => r.length > 0),
        ),
      ].slice(0, 100),
    ),
  storeId: z.uuid({ error: 'Identificador inválido' }).optional(),
});

const singleImageQuerySchema = z.object({
  reference: z.string({ error: 'Este campo es obligatorio' }).trim().min(1).max(60),
  storeId: z.uuid({ error: 'Identificador inválido' }),
});

const tags = ['marketplace: categorías e imágenes'];

export const catalogDataRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: '/api/store/productsCategoryGroup',
    summary: 'Categorías de productos (filter.name)',
    tags,
    query: listQuerySchema,
    access: 'public',
    errors: [400],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/catalogo/images/findImage',
    summary: 'Imágenes publicadas de unos números de parte (en una tienda)',
    tags,
    query: findImageQuerySchema,
    access: 'public',
    errors: [400],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/catalogo/images/getImageRegistrationByReferenceInStore',
    summary: 'Imágenes registradas de un número de parte en una tienda',
    tags,
    query: singleImageQuerySchema,
    access: 'public',
    errors: [400],
  }),
];

/**
 * Product categories and product images as sellers published them (spec 000 §7: GET
 * /store/productsCategoryGroup with filter name; GET /catalogo/images/findImage with references, storeId;
 * GET /catalogo/images/getImageRegistrationByReferenceInStore). Read from the search read model.
 */
@Controller()
export class CatalogDataController {
  constructor(private readonly db: ContextDatabase) {}

  @Get('api/store/productsCategoryGroup')
  async categories(@Query(zod(listQuerySchema)) query: { filter: Record<string, unknown>; page: number; pageSize: number }) {
    const filter = parseInput(categoryFilterSchema, query.filter);
    const rows = await this.db.em().execute<{ name: string; products: string }[]>(
      `select category as name, count(*) as products from product_search
       where category is not null and not store_is_virtual and (?::text is null or public.unaccent(lower(category)) like '%' || public.unaccent(lower(?)) || '%')
       group by category order by count(*) desc, category limit ? offset ?`,
      [filter.name ?? null, filter.name ?? null, query.pageSize, query.page * query.pageSize],
    );
    return ok(rows.map((r) => ({ name: r.name, products: Number(r.products) })));
  }

  @Get('api/catalogo/images/findImage')
  async findImage(@Query(zod(findImageQuerySchema)) query: { references: string[]; storeId?: string }) {
    return ok(await this.images(query.references, query.storeId ?? null));
  }

  @Get('api/catalogo/images/getImageRegistrationByReferenceInStore')
  async registration(@Query(zod(singleImageQuerySchema)) query: { reference: string; storeId: string }) {
    const [found] = await this.images([cleanReference(query.reference)], query.storeId);
    return ok(found ?? { reference: cleanReference(query.reference), images: [] });
  }

  private async images(references: string[], storeId: string | null): Promise<{ reference: string; images: string[] }[]> {
    if (references.length === 0) return [];
    const rows = await this.db.em().execute<{ ref: string; images: string[] }[]>(
      `select r.ref, array(select distinct jsonb_array_elements_text(p.images_urls)) as images
       from product_refs r join product_search p on p.product_id = r.product_id
       where r.ref = any(?::text[]) and (?::uuid is null or p.store_id = ?::uuid) and jsonb_array_length(p.images_urls) > 0`,
      [pgTextArray(references), storeId, storeId],
    );
    const byRef = new Map<string, Set<string>>();
    for (const r of rows) for (const url of r.images) (byRef.get(r.ref) ?? byRef.set(r.ref, new Set()).get(r.ref)!).add(url);
    return references.filter((ref) => byRef.has(ref)).map((ref) => ({ reference: ref, images: [...byRef.get(ref)!].slice(0, 20) }));
  }
}
