import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { GarageDB } from '../garage.database.js';
import { foldText, folded } from '../search-text.js';
import { brandLogoWebp } from './brand-logo.js';
import { brandNotFound, logoBaseOf } from './brands.rules.js';

/** The WebP mark of the brand a logo file names (spec's `/themes/.../vehicle_brands/{id-or-brand}.webp`). */
export class GetBrandLogo extends Query<Buffer> {
  constructor(
    readonly theme: string,
    readonly file: string,
  ) {
    super();
  }
}

/**
 * A logo file name names the brand by id, by name or by its stored file name ('chevrolet.webp',
 * 'Chevrolet.webp'). Each brand's wordmark (brand-logo.ts) is drawn once and kept in memory.
 */
@QueryHandler(GetBrandLogo)
export class GetBrandLogoHandler implements IQueryHandler<GetBrandLogo> {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly db: ContextDatabase) {}

  async execute({ theme, file }: GetBrandLogo): Promise<Buffer> {
    const base = logoBaseOf(theme, file);
    if (base === null) throw brandNotFound();
    const key = foldText(base);
    const brand = await kysely<GarageDB>(this.db.em())
      .selectFrom('VehicleBrand')
      .select(['id', 'name'])
      .where((eb) =>
        eb.or([
          eb('id', '=', base),
          eb('logoFile', '=', `${base}.webp`),
          eb(folded(eb, eb.ref('name')), '=', key),
          eb(folded(eb, eb.ref('id')), '=', key),
        ]),
      )
      // The brand whose id is the name asked for first.
      .orderBy((eb) => eb('id', '=', base), 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!brand) throw brandNotFound();
    let data = this.cache.get(brand.id);
    if (!data) {
      data = await brandLogoWebp(brand.id, brand.name);
      this.cache.set(brand.id, data);
    }
    return data;
  }
}
