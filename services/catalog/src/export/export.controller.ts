import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { Access, CurrentVisitor, zod, type Visitor } from '@tuerca/platform';
import { XLSX_CONTENT_TYPE, exportExcelQuerySchema, type ExportExcelQuery } from './export.routes.js';
import { ExportService } from './export.service.js';

@Controller('api/catalogo/catalogV2')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  /** spec 001 §7 "Excel": opened in a new window; 401 for guests, 403 'Premium feature' without downloadPartsCatalog. */
  @Get('exportExcel')
  @Access('user')
  @Header('cache-control', 'private, no-store')
  @Header('x-content-type-options', 'nosniff')
  async exportExcel(@CurrentVisitor() visitor: Visitor, @Query(zod(exportExcelQuerySchema)) query: ExportExcelQuery) {
    const file = await this.exports.exportExcel(visitor, query);
    return new StreamableFile(file.data, {
      type: XLSX_CONTENT_TYPE,
      length: file.data.length,
      disposition: `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    });
  }
}
