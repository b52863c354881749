import { Controller, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { adminImportFilterSchema, importListFilterSchema, importsRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import {
  AdminRange,
  Bind,
  CurrentVisitor,
  Input,
  MethodNotAllowedError,
  Page,
  ok,
  pageWindow,
  parseInput,
  type Visitor,
} from '@tuerca/platform';
import { GetProductImport, ListAdminProductImports, ListProductImports } from './product-import.queries.js';
import { templateCsv } from './template.js';
import { UploadProductImport } from './upload-product-import.command.js';
import { importOutcomeMessage } from './import-view.js';

/** Sellers' spreadsheet imports under /api/catalogo/products/imports. */
@Controller()
export class ProductImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Accepted: the file is queued (the answer says so; GET /:id follows its progress). */
  @Bind(routes.upload)
  async upload(@Input() { body }: RouteInput<typeof routes.upload>, @CurrentVisitor() visitor: Visitor) {
    const created = await this.commands.execute(new UploadProductImport(visitor, body));
    return ok({ importId: created.id, status: 'queued' as const }, { message: t('productImports.queued') });
  }

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(importListFilterSchema, query.filter);
    const { rows, total } = await this.queries.execute(new ListProductImports(visitor, filter, pageWindow(query)));
    return new Page(rows, total, query);
  }

  @Bind(routes.template)
  template(@Res({ passthrough: true }) reply: FastifyReply) {
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="plantilla-productos.csv"');
    return templateCsv();
  }

  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>, @CurrentVisitor() visitor: Visitor) {
    const found = await this.queries.execute(new GetProductImport(visitor, params.id));
    const message = importOutcomeMessage(found);
    return ok(found, message ? { message } : {});
  }
}

/** /admin-api/product-imports (ra-data-simple-rest): operators see every store's imports, sellers their own store's. */
@Controller()
export class AdminProductImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.admin.list)
  async list(@Input() { query }: RouteInput<typeof routes.admin.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(adminImportFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminProductImports(visitor, query, filter));
    return new AdminRange('product-imports', rows, offset, total);
  }

  @Bind(routes.admin.one)
  one(@Input() { params }: RouteInput<typeof routes.admin.one>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetProductImport(visitor, params.id));
  }

  @Bind(routes.admin.create)
  create(@Input() { body }: RouteInput<typeof routes.admin.create>, @CurrentVisitor() visitor: Visitor) {
    return this.commands.execute(new UploadProductImport(visitor, body));
  }

  /** An import is never edited nor deleted: what happened stays on record. */
  @Bind(routes.admin.update)
  update() {
    throw new MethodNotAllowedError();
  }

  @Bind(routes.admin.remove)
  remove() {
    throw new MethodNotAllowedError();
  }
}
