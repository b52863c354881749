import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { t } from '@tuerca/contracts';
import { Access, CurrentVisitor, actorOf, ok, zod, type Visitor } from '@tuerca/platform';
import {
  crossReferencesQuerySchema,
  replaceCrossReferencesBodySchema,
  republishBodySchema,
  republishJobParamsSchema,
  type CrossReferencesQuery,
  type ReplaceCrossReferencesBody,
  type RepublishBody,
} from './cross-references.routes.js';
import { CrossReferencesService } from './cross-references.service.js';
import { CrossReferencesRepublisher } from './republish.js';

/** Cross-references of OEM numbers: operators (and advisers, to read) keep them; every change reaches the marketplace as an event. */
@Controller('api/catalogo/catalogV2/crossReferences')
export class CrossReferencesController {
  constructor(
    private readonly crossReferences: CrossReferencesService,
    private readonly republisher: CrossReferencesRepublisher,
  ) {}

  @Get()
  @Access(['operator', 'adviser'])
  async get(@Query(zod(crossReferencesQuerySchema)) query: CrossReferencesQuery) {
    return ok(await this.crossReferences.get(query.oem));
  }

  @Put()
  @Access(['operator'])
  async replace(@Body(zod(replaceCrossReferencesBodySchema)) body: ReplaceCrossReferencesBody, @CurrentVisitor() visitor: Visitor) {
    const list = await this.crossReferences.replace(body, actorOf(visitor));
    return ok(list, { message: t('crossReferences.saved', { oem: list.oem, count: list.references.length }) });
  }

  @Post('republish')
  @HttpCode(202)
  @Access(['operator'])
  async republish(@Body(zod(republishBodySchema)) body: RepublishBody, @CurrentVisitor() visitor: Visitor) {
    const jobId = await this.republisher.start(body.batchSize, actorOf(visitor));
    return ok({ jobId }, { message: t('crossReferences.republishQueued') });
  }

  @Get('republish/:jobId')
  @Access(['operator'])
  async republishStatus(@Param(zod(republishJobParamsSchema)) params: { jobId: string }) {
    return ok(await this.republisher.status(params.jobId));
  }
}
