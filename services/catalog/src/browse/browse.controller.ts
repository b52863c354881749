import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { reportSubstitutionErrorBodySchema, t } from '@tuerca/contracts';
import { Access, CurrentVisitor, actorOf, ok, zod, type Visitor } from '@tuerca/platform';
import type { z } from 'zod';
import { BrowseReader } from './browse.reader.js';
import {
  catalogQuerySchema,
  findPartQuerySchema,
  groupsQuerySchema,
  languageQuerySchema,
  partsQuerySchema,
  quickDetailQuerySchema,
  unitImageParamsSchema,
  vehicleQuerySchema,
  vehiclesQuerySchema,
  type CatalogQuery,
  type FindPartQuery,
  type GroupsQuery,
  type PartsQuery,
  type QuickDetailQuery,
  type VehicleQuery,
  type VehiclesQuery,
} from './browse.routes.js';
import { BrowseService } from './browse.service.js';

@Controller('api/catalogo/catalogV2')
@Access('public')
export class BrowseController {
  constructor(
    private readonly browse: BrowseService,
    private readonly reader: BrowseReader,
  ) {}

  @Get('catalogs')
  catalogs(@Query(zod(languageQuerySchema)) _query: z.infer<typeof languageQuerySchema>) {
    return this.browse.catalogs();
  }

  @Get('getCatalog')
  getCatalog(@Query(zod(catalogQuerySchema)) query: CatalogQuery) {
    return this.browse.getCatalog(query);
  }

  @Get('models')
  models(@Query(zod(catalogQuerySchema)) query: CatalogQuery) {
    return this.browse.models(query);
  }

  @Get('vehicles')
  vehicles(@Query(zod(vehiclesQuerySchema)) query: VehiclesQuery) {
    return this.browse.vehicles(query);
  }

  @Get('groups')
  groups(@CurrentVisitor() visitor: Visitor, @Query(zod(groupsQuerySchema)) query: GroupsQuery) {
    return this.browse.groups(visitor, query);
  }

  @Get('quickGroups')
  quickGroups(@CurrentVisitor() visitor: Visitor, @Query(zod(vehicleQuerySchema)) query: VehicleQuery) {
    return this.browse.quickGroups(visitor, query);
  }

  @Get('listQuickDetail')
  listQuickDetail(@CurrentVisitor() visitor: Visitor, @Query(zod(quickDetailQuerySchema)) query: QuickDetailQuery) {
    return this.browse.listQuickDetail(visitor, query);
  }

  @Get('parts')
  parts(@CurrentVisitor() visitor: Visitor, @Query(zod(partsQuerySchema)) query: PartsQuery) {
    return this.browse.parts(visitor, query);
  }

  @Get('findPartInVehicle')
  findPartInVehicle(@CurrentVisitor() visitor: Visitor, @Query(zod(findPartQuerySchema)) query: FindPartQuery) {
    return this.browse.findPartInVehicle(visitor, query);
  }

  /** The unit's exploded diagram, the target of its imageUrl and largeImageUrl. */
  @Get('units/:unitId/image.svg')
  @Header('cache-control', 'public, max-age=86400')
  @Header('x-content-type-options', 'nosniff')
  @Header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  async image(@Param(zod(unitImageParamsSchema)) params: z.infer<typeof unitImageParamsSchema>) {
    const data = Buffer.from(await this.browse.svg(params.unitId), 'utf8');
    return new StreamableFile(data, { type: 'image/svg+xml', length: data.length });
  }

  @Post('reportSubstitutionError')
  @HttpCode(200)
  async report(
    @CurrentVisitor() visitor: Visitor,
    @Body(zod(reportSubstitutionErrorBodySchema)) body: z.infer<typeof reportSubstitutionErrorBodySchema>,
  ) {
    await this.reader.report(randomUUID(), body, actorOf(visitor));
    return ok({ message: t('substitutions.reportSent'), detail: t('substitutions.reportSentDetail') });
  }
}
