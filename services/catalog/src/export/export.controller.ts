import { Controller, Header, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { XLSX_CONTENT_TYPE, catalogExportRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, type Visitor } from '@tuerca/platform';
import { ExportCatalogExcel } from './export-excel.query.js';

@Controller()
export class ExportController {
  constructor(private readonly queries: QueryBus) {}

  /** spec 001 §7 "Excel": opened in a new window; 401 for guests, 403 'Premium feature' without downloadPartsCatalog. */
  @Bind(routes.exportExcel)
  @Header('cache-control', 'private, no-store')
  @Header('x-content-type-options', 'nosniff')
  async exportExcel(@Input() { query }: RouteInput<typeof routes.exportExcel>, @CurrentVisitor() visitor: Visitor) {
    const file = await this.queries.execute(new ExportCatalogExcel(visitor, query));
    return new StreamableFile(file.data, {
      type: XLSX_CONTENT_TYPE,
      length: file.data.length,
      disposition: `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    });
  }
}
