import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import { ErrorCodes, t, type OldExportQuery } from '@tuerca/contracts';
import { Clock, DomainError, LoginRequiredError, NotFoundError, type Visitor } from '@tuerca/platform';
import { EXPORT_COLUMNS, fileSlug } from '../export/export.rules.js';
import { modelNameOf, nameOf } from './old-catalogue.rules.js';
import { OldCatalogueStore } from './old-catalogue.store.js';

export interface OldExcelFile {
  fileName: string;
  data: Buffer;
}

/**
 * exportExcel (catalogId, carId, groupId, groupName, criteria, isDetail=true): spec 001 §5 "Excel download.
 * Allowed only with downloadPartsCatalog; otherwise a premium-feature prompt" — the group's parts as a real
 * .xlsx written by ExcelJS (guests 401, people without the permission 403 'Premium feature'). Not metered:
 * a premium feature, as version 2's export.
 */
export class ExportOldExcel extends Query<OldExcelFile> {
  constructor(
    readonly visitor: Visitor,
    readonly query: OldExportQuery,
  ) {
    super();
  }
}

@QueryHandler(ExportOldExcel)
export class ExportOldExcelHandler implements IQueryHandler<ExportOldExcel> {
  constructor(
    private readonly store: OldCatalogueStore,
    private readonly clock: Clock,
  ) {}

  async execute({ visitor, query }: ExportOldExcel): Promise<OldExcelFile> {
    if (!visitor.user) throw new LoginRequiredError(401);
    if (!visitor.user.downloadPartsCatalog) throw new DomainError(403, ErrorCodes.PREMIUM_FEATURE, [t('catalog.premiumFeature')]);
    const catalog = await this.store.catalog(query.catalogId);
    const car = await this.store.car(catalog.code, query.carId);
    const categories = await this.store.categories();
    const group = categories.find((c) => c.categoryId === query.groupId && c.parentKey === null);
    if (!group) throw new NotFoundError(t('catalogOld.groupNotFound'));
    const inGroup = new Set(categories.filter((c) => c.key === group.key || c.parentKey === group.key).map((c) => c.key));
    const units = (await this.store.units(car)).filter((u) => inGroup.has(u.categoryKey));
    if (units.length === 0) throw new NotFoundError(t('catalogOld.groupNotFound'));
    const parts = query.isDetail === 'true' ? await this.store.parts(units.map((u) => u.unitId)) : [];
    const translated = await this.store.translations(query.language);
    const groupName = query.groupName || nameOf(query.language, group, translated);

    const book = new ExcelJS.Workbook();
    book.creator = 'Tuerca';
    book.created = this.clock.now();
    const sheet = book.addWorksheet(t('catalog.exportCatalog').slice(0, 31));
    sheet.columns = [28, 36, 14, 22, 44, 10].map((width) => ({ width }));
    sheet.addRow([t('catalog.exportTitle')]).font = { bold: true, size: 14 };
    sheet.addRow([t('catalog.exportVehicle'), `${car.brand} ${car.name}`]);
    sheet.addRow([t('catalog.exportCatalog'), catalog.name]);
    sheet.addRow([t('catalog.exportGroup'), groupName]);
    sheet.addRow([t('catalog.exportDate'), this.clock.now().toISOString().slice(0, 10)]);
    sheet.addRow([]);
    sheet.addRow(EXPORT_COLUMNS()).font = { bold: true };
    for (const u of units) {
      const unitName = `${u.code} ${nameOf(query.language, u, translated)}`;
      if (query.isDetail !== 'true') sheet.addRow([groupName, unitName]);
      for (const p of parts.filter((x) => x.unitId === u.unitId))
        sheet.addRow([groupName, unitName, p.codeOnImage, p.oem, nameOf(query.language, p, translated), p.amount]);
    }
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const fileName = `${fileSlug(`${t('catalog.exportFileName')} ${car.brand} ${modelNameOf(car)} ${groupName}`)}.xlsx`;
    return { fileName, data };
  }
}
