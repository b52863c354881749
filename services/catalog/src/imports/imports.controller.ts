import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { t } from '@tuerca/contracts';
import { Access, CurrentVisitor, Page, actorOf, ok, parseInput, zod, type Visitor } from '@tuerca/platform';
import { CatalogImportsService } from './imports.service.js';
import { importBodySchema, importListQuerySchema, type ImportListQuery } from './imports.routes.js';

/** Auto Care ACES and PIES imports (operators only). */
@Controller('api/catalogo/catalogV2/imports')
@Access(['operator'])
export class CatalogImportsController {
  constructor(private readonly imports: CatalogImportsService) {}

  @Post('aces')
  async aces(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const result = await this.imports.importAces(parseInput(importBodySchema, raw ?? {}), actorOf(visitor).id);
    return ok(result, { message: t('catalogImports.imported', { count: result.recordCount }) });
  }

  @Post('pies')
  async pies(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const result = await this.imports.importPies(parseInput(importBodySchema, raw ?? {}), actorOf(visitor).id);
    return ok(result, { message: t('catalogImports.imported', { count: result.recordCount }) });
  }

  @Get()
  async list(@Query(zod(importListQuerySchema)) query: ImportListQuery) {
    const { rows, total } = await this.imports.list(query);
    return new Page(rows, total, query);
  }
}
