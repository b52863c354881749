import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t } from '@tuerca/contracts';
import { explodedDiagram } from '@tuerca/demo-data';
import { ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { attributeValue, isMotorcycle, modelOf } from '../catalogue/catalog-vehicle.rules.js';
import { BoundedCache } from './bounded-cache.js';

/** A unit's exploded diagram as SVG. */
export class GetUnitDiagram extends Query<Buffer> {
  constructor(readonly unitId: string) {
    super();
  }
}

/**
 * A unit's diagram is stored when the catalogue has one (an import, an operator's file); otherwise it is
 * drawn from the unit's parts — each part type's technical drawing, exploded along an axis with numbered
 * callouts — laid out as the stored image map was (the layout depends only on the unit and its parts),
 * and kept in memory: the seeder stores no SVG, so a scale-100 catalogue does not carry gigabytes of it.
 */
@QueryHandler(GetUnitDiagram)
export class GetUnitDiagramHandler implements IQueryHandler<GetUnitDiagram> {
  private readonly drawn = new BoundedCache<string, Buffer>(2000);

  constructor(private readonly db: ContextDatabase) {}

  async execute({ unitId }: GetUnitDiagram): Promise<Buffer> {
    const cached = this.drawn.get(unitId);
    if (cached) return cached;
    const db = kysely<CatalogDB>(this.db.em());
    const unit = await db
      .selectFrom('Unit')
      .select(['unitId', 'platformId', 'catalogCode', 'code', 'nameEs', 'svg'])
      .where('unitId', '=', unitId)
      .executeTakeFirst();
    if (!unit) throw new NotFoundError(t('catalogV2.unitNotFound'));
    let svg = unit.svg;
    if (!svg) {
      const [parts, vehicle, catalog] = await Promise.all([
        db
          .selectFrom('Part')
          .select(['codeOnImage', 'partType', 'nameEs', 'amount'])
          .where('unitId', '=', unitId)
          .orderBy('partId')
          .execute(),
        db
          .selectFrom('CatalogVehicle')
          .select(['brand', 'name', 'attributes'])
          .where('platformId', '=', unit.platformId)
          .where('catalog', '=', unit.catalogCode)
          .limit(1)
          .executeTakeFirst(),
        db.selectFrom('Catalog').select(['name']).where('code', '=', unit.catalogCode).executeTakeFirst(),
      ]);
      // The parts in the order of their numbers on the drawing (1, 2, … as the image map has them).
      parts.sort((a, b) => Number(a.codeOnImage) - Number(b.codeOnImage) || a.codeOnImage.localeCompare(b.codeOnImage));
      const engine = vehicle ? attributeValue(vehicle, 'Motor') : null;
      const title = {
        code: unit.code,
        name: unit.nameEs,
        vehicle: vehicle ? [`${vehicle.brand} ${modelOf(vehicle)}`, engine].filter(Boolean).join(' · ') : unit.catalogCode,
      };
      svg = explodedDiagram(
        unit.unitId,
        title,
        parts.map((p) => ({ code: p.codeOnImage, partType: p.partType, label: p.nameEs, amount: p.amount })),
        { motorcycle: vehicle ? isMotorcycle(vehicle, catalog?.name ?? '') : false },
      ).svg;
    }
    const data = Buffer.from(svg, 'utf8');
    this.drawn.set(unitId, data);
    return data;
  }
}
