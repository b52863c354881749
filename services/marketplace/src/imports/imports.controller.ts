import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { adminListQuerySchema, listQuerySchema, t, type AdminListQuery, type ListQuery } from '@tuerca/contracts';
import {
  Access,
  AdminRange,
  CurrentVisitor,
  MethodNotAllowedError,
  Page,
  actorOf,
  ok,
  parseInput,
  zod,
  type Visitor,
} from '@tuerca/platform';
import { ProductImportsService } from './imports.service.js';
import { IMPORT_ROLES, adminImportFilterSchema, importBodySchema, importIdParamsSchema } from './imports.routes.js';
import { templateCsv } from './template.js';

type Id = { id: string };

/** Sellers' spreadsheet imports under /api/catalogo/products/imports (static paths before ':id'). */
@Controller('api/catalogo/products/imports')
@Access(IMPORT_ROLES)
export class ProductImportsController {
  constructor(private readonly imports: ProductImportsService) {}

  /** Accepted: the file is queued (the answer says so; GET /:id follows its progress). */
  @Post()
  @HttpCode(202)
  async upload(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const created = await this.imports.enqueue(visitor, parseInput(importBodySchema, raw ?? {}), actorOf(visitor));
    return ok({ importId: created.id, status: 'queued' as const }, { message: t('productImports.queued') });
  }

  @Get()
  async list(@Query(zod(listQuerySchema)) query: ListQuery, @CurrentVisitor() visitor: Visitor) {
    const { rows, total } = await this.imports.list(visitor, query);
    return new Page(rows, total, query);
  }

  @Get('template.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="plantilla-productos.csv"')
  template() {
    return templateCsv();
  }

  @Get(':id')
  async one(@Param(zod(importIdParamsSchema)) p: Id, @CurrentVisitor() visitor: Visitor) {
    const found = await this.imports.one(visitor, p.id);
    const metadata: Record<string, unknown> = {};
    if (found.status === 'imported') metadata.message = t('productImports.imported', { inserted: found.inserted, updated: found.updated });
    if (found.status === 'rejected') {
      const messages = [t('productImports.rejected', { count: found.errorCount })];
      if (found.errors.length < found.errorCount)
        messages.push(t('productImports.tooManyErrors', { shown: found.errors.length, count: found.errorCount }));
      metadata.message = messages.join(' ');
    }
    return ok(found, metadata);
  }
}

/** /admin-api/product-imports (ra-data-simple-rest): operators see every store's imports, sellers their own store's. */
@Controller('admin-api/product-imports')
@Access(IMPORT_ROLES)
export class AdminProductImportsController {
  constructor(private readonly imports: ProductImportsService) {}

  @Get()
  async list(@Query(zod(adminListQuerySchema)) query: AdminListQuery, @CurrentVisitor() visitor: Visitor) {
    const { rows, total, start } = await this.imports.adminList(visitor, parseInput(adminImportFilterSchema, query.filter), query);
    return new AdminRange('product-imports', rows, start, total);
  }

  @Get(':id')
  one(@Param(zod(importIdParamsSchema)) p: Id, @CurrentVisitor() visitor: Visitor) {
    return this.imports.one(visitor, p.id);
  }

  @Post()
  create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    return this.imports.enqueue(visitor, parseInput(importBodySchema, raw ?? {}), actorOf(visitor));
  }

  /** An import is never edited nor deleted: what happened stays on record. */
  @Put(':id')
  update(@Param(zod(importIdParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }

  @Delete(':id')
  remove(@Param(zod(importIdParamsSchema)) _p: Id) {
    throw new MethodNotAllowedError();
  }
}
