import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import { Access, Page, ok, parseInput, zod } from '@tuerca/platform';
import { brandLogoWebp } from './brand-logo.js';
import { BrandsReader, brandNotFound, scopeOf } from './brands.reader.js';
import { brandFilterSchema, brandListQuerySchema, scopesQuerySchema, type BrandListQuery } from './brands.routes.js';

/** Vehicle brands (spec 001 §7), public: the vehicle form's searchable brand list. The WS paths answer the same. */
@Controller(['api/store/vehicleBrand', 'api/store/vehicleBrandWS'])
@Access('public')
export class VehicleBrandsController {
  constructor(private readonly reader: BrandsReader) {}

  @Get()
  async list(@Query(zod(brandListQuerySchema)) query: BrandListQuery) {
    const filter = parseInput(brandFilterSchema, query.filter);
    const { rows, total } = await this.reader.list(filter, scopeOf(query.scopes), query);
    return new Page(rows, total, query);
  }

  /** Declared before ':id' for readers; Fastify would prefer the static segment anyway. */
  @Get('getAllBrands')
  async all(@Query(zod(scopesQuerySchema)) query: { scopes: string[] }) {
    const { rows, total } = await this.reader.list({}, scopeOf(query.scopes));
    return ok(rows, { total });
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    return ok(await this.reader.byId(id));
  }
}

/**
 * Brand logos at the spec's `/themes/.../vehicle_brands/{id-or-brand}.webp`. The repository has no logo
 * files, so each is a placeholder WebP made in code (brand-logo.ts) and kept in memory.
 */
@Controller('themes')
@Access('public')
export class BrandLogosController {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly reader: BrandsReader) {}

  @Get(':theme/vehicle_brands/:file')
  @Header('cache-control', 'public, max-age=86400')
  @Header('x-content-type-options', 'nosniff')
  async logo(@Param('theme') theme: string, @Param('file') file: string) {
    const m = /^(.{1,80})\.webp$/i.exec(file);
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(theme) || !m) throw brandNotFound();
    const brand = await this.reader.byLogoName(m[1]!);
    if (!brand) throw brandNotFound();
    let data = this.cache.get(brand.id);
    if (!data) {
      data = brandLogoWebp(brand.id, brand.name);
      this.cache.set(brand.id, data);
    }
    return new StreamableFile(data, { type: 'image/webp', length: data.length });
  }
}
