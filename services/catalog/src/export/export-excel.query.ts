import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ErrorCodes, t, type ExportExcelQuery } from '@tuerca/contracts';
import { Clock, DomainError, LoginRequiredError, NotFoundError, type Visitor } from '@tuerca/platform';
import { BrowseReader, nameIn, type UnitRow } from '../browse/browse.reader.js';
import { buildXlsx, type XlsxCell } from './xlsx.js';
import { EXPORT_COLUMNS, EXPORT_HEADER_ROWS, fileSlug, type ExcelFile } from './export.rules.js';

/**
 * spec 001 §5 "Excel download": the parts of a vehicle (a category or a unit of it when asked) as a real
 * .xlsx, only for people whose user has downloadPartsCatalog; others get the premium-feature text.
 */
export class ExportCatalogExcel extends Query<ExcelFile> {
  constructor(
    readonly visitor: Visitor,
    readonly query: ExportExcelQuery,
  ) {
    super();
  }
}

@QueryHandler(ExportCatalogExcel)
export class ExportCatalogExcelHandler implements IQueryHandler<ExportCatalogExcel> {
  constructor(
    private readonly reader: BrowseReader,
    private readonly clock: Clock,
  ) {}

  async execute({ visitor, query: q }: ExportCatalogExcel): Promise<ExcelFile> {
    if (!visitor.user) throw new LoginRequiredError(401);
    if (!visitor.user.downloadPartsCatalog) throw new DomainError(403, ErrorCodes.PREMIUM_FEATURE, [t('catalog.premiumFeature')]);
    const catalog = await this.reader.catalog(q.catalogCode);
    const state = this.reader.state(q.ssd, q.catalogCode, q.vehicleId, q.uid);
    const vehicle = await this.reader.vehicle(q.catalogCode, q.vehicleId);
    const categories = await this.reader.categories();
    let units: UnitRow[] = await this.reader.units(vehicle);
    let scope: string | null = null;
    const uid = q.uid ?? state.u;
    if (q.cid) {
      const root = categories.find((c) => c.category_id === q.cid);
      if (!root) throw new NotFoundError(t('catalogV2.categoryNotFound'));
      const keys = new Set([root.key]);
      for (let grew = true; grew;) {
        grew = false;
        for (const c of categories)
          if (c.parent_key && keys.has(c.parent_key) && !keys.has(c.key)) {
            keys.add(c.key);
            grew = true;
          }
      }
      units = units.filter((u) => keys.has(u.category_key));
      scope = nameIn(q.language, root);
    }
    if (uid) {
      const unit = units.find((u) => u.unit_id === uid);
      if (!unit) throw new NotFoundError(t('catalogV2.unitNotFound'));
      units = [unit];
      scope = `${unit.code} ${nameIn(q.language, unit)}`;
    }
    const parts = await this.reader.partsOfUnits(units.map((u) => u.unit_id));
    const byId = new Map(units.map((u) => [u.unit_id, u]));
    const categoryName = new Map(categories.map((c) => [c.category_id, nameIn(q.language, c)]));
    const today = this.clock.now().toISOString().slice(0, 10);
    const rows: XlsxCell[][] = [
      [t('catalog.exportTitle')],
      [t('catalog.exportVehicle'), `${vehicle.brand} ${vehicle.name}`],
      [t('catalog.exportCatalog'), `${catalog.name} (${catalog.code})`],
      [t('catalog.exportGroup'), q.groupName || scope || t('catalog.exportAllGroups')],
      [t('catalog.exportDate'), today],
      [],
      EXPORT_COLUMNS(),
    ];
    for (const u of units) {
      for (const p of parts.filter((x) => x.unit_id === u.unit_id)) {
        const unit = byId.get(p.unit_id)!;
        rows.push([
          categoryName.get(unit.category_id) ?? '',
          `${unit.code} ${nameIn(q.language, unit)}`,
          p.code_on_image,
          p.oem,
          nameIn(q.language, p),
          p.amount,
        ]);
      }
    }
    const data = buildXlsx({
      name: t('catalog.exportCatalog'),
      rows,
      boldRows: new Set([0, EXPORT_HEADER_ROWS - 1]),
      widths: [28, 36, 14, 22, 44, 10],
    });
    const fileName = `${[t('catalog.exportFileName'), fileSlug(vehicle.brand), fileSlug(vehicle.name), scope ? fileSlug(scope) : '', today]
      .filter(Boolean)
      .join('-')}.xlsx`;
    return { fileName, data };
  }
}
