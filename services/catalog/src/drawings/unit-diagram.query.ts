import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, type CatalogLanguage } from '@tuerca/contracts';
import { explodedDiagram } from '@tuerca/demo-data';
import { ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { attributeValue, isMotorcycle, modelOf } from '../catalogue/catalog-vehicle.rules.js';
import { BrowseReader } from '../browse/browse.reader.js';
import { BoundedCache } from './bounded-cache.js';
import { diagramWords } from './diagram-words.js';

/** A unit's exploded diagram as SVG, its text in a catalogue language. */
export class GetUnitDiagram extends Query<Buffer> {
  constructor(
    readonly unitId: string,
    readonly language: CatalogLanguage = 'es_ES',
  ) {
    super();
  }
}

/**
 * A unit's diagram is stored when the catalogue has one (an import, an operator's file); otherwise it is
 * drawn from the unit's parts — each part type's technical drawing, exploded along an axis with numbered
 * callouts — laid out as the stored image map was (the layout depends only on the unit and its parts),
 * and kept in memory: the seeder stores no SVG, so a scale-100 catalogue does not carry gigabytes of it.
 * A drawn diagram's text is in the language asked for, as the catalogue's answers are (spec 001 §9): the
 * unit's and the parts' names through the same translations and Spanish fallback as the names of the
 * parts answer, the title block's words too; a drawing with some Spanish text for want of a translation
 * says so (`data-language-fallback` on the SVG). A stored diagram is served as it was given.
 */
@QueryHandler(GetUnitDiagram)
export class GetUnitDiagramHandler implements IQueryHandler<GetUnitDiagram> {
  private readonly drawn = new BoundedCache<string, Buffer>(2000);

  constructor(
    private readonly db: ContextDatabase,
    private readonly reader: BrowseReader,
  ) {}

  async execute({ unitId, language }: GetUnitDiagram): Promise<Buffer> {
    const key = `${unitId}|${language}`;
    const cached = this.drawn.get(key);
    if (cached) return cached;
    const db = kysely<CatalogDB>(this.db.em());
    const unit = await db
      .selectFrom('Unit')
      .select(['unitId', 'platformId', 'catalogCode', 'code', 'nameEs', 'nameEn', 'svg'])
      .where('unitId', '=', unitId)
      .executeTakeFirst();
    if (!unit) throw new NotFoundError(t('catalogV2.unitNotFound'));
    let svg = unit.svg;
    if (!svg) {
      const [parts, vehicle, catalog, names] = await Promise.all([
        db
          .selectFrom('Part')
          .select(['codeOnImage', 'partType', 'nameEs', 'nameEn', 'amount'])
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
        this.reader.names(language),
      ]);
      const nameOf = (row: { nameEs: string; nameEn: string }) => names.of({ name_es: row.nameEs, name_en: row.nameEn });
      // The parts in the order of their numbers on the drawing (1, 2, … as the image map has them).
      parts.sort((a, b) => Number(a.codeOnImage) - Number(b.codeOnImage) || a.codeOnImage.localeCompare(b.codeOnImage));
      const engine = vehicle ? attributeValue(vehicle, 'Motor') : null;
      const title = {
        code: unit.code,
        name: nameOf(unit),
        vehicle: vehicle ? [`${vehicle.brand} ${modelOf(vehicle)}`, engine].filter(Boolean).join(' · ') : unit.catalogCode,
      };
      svg = explodedDiagram(
        unit.unitId,
        title,
        parts.map((p) => ({ code: p.codeOnImage, partType: p.partType, label: nameOf(p), amount: p.amount })),
        {
          motorcycle: vehicle ? isMotorcycle(vehicle, catalog?.name ?? '') : false,
          words: diagramWords(language, names.metadata().languageFallback),
        },
      ).svg;
    }
    const data = Buffer.from(svg, 'utf8');
    this.drawn.set(key, data);
    return data;
  }
}
