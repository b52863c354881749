import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogBrowseRoutes as routes, t, type RouteInput } from '@tuerca/contracts';
import {
  Bind,
  CurrentVisitor,
  Input,
  RateLimiter,
  actorOf,
  ok,
  staticFile,
  throttleVisitor,
  type Visitor,
  type VisitorLimits,
} from '@tuerca/platform';
import { GetUnitDiagram } from '../drawings/unit-diagram.query.js';
import { ReportSubstitutionError } from '../error-reports/report-substitution-error.command.js';
import { FindPartInVehicle } from './find-part-in-vehicle.query.js';
import { GetCatalog } from './get-catalog.query.js';
import { GetGroups } from './get-groups.query.js';
import { GetQuickGroups } from './get-quick-groups.query.js';
import { GetUnitParts } from './get-unit-parts.query.js';
import { ListCatalogVehicles } from './list-catalog-vehicles.query.js';
import { ListCatalogs } from './list-catalogs.query.js';
import { ListModels } from './list-models.query.js';
import { ListQuickDetail } from './list-quick-detail.query.js';

/** A person reports a few errors an hour; a script is stopped at these. */
export const ERROR_REPORT_LIMITS: VisitorLimits = { perVisitor: 10, perAddress: 30, windowSeconds: 3600 };

/** Version 2 catalogue browsing (spec 001 §7), each route bound from its contract. */
@Controller()
export class BrowseController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Bind(routes.catalogs)
  catalogs(@Input() _input: RouteInput<typeof routes.catalogs>) {
    // The input is parsed only to refuse a language outside the spec's 27 (400); names are the same in every one.
    return this.queries.execute(new ListCatalogs());
  }

  @Bind(routes.getCatalog)
  getCatalog(@Input() { query }: RouteInput<typeof routes.getCatalog>) {
    return this.queries.execute(new GetCatalog(query));
  }

  @Bind(routes.models)
  models(@Input() { query }: RouteInput<typeof routes.models>) {
    return this.queries.execute(new ListModels(query));
  }

  @Bind(routes.vehicles)
  vehicles(@Input() { query }: RouteInput<typeof routes.vehicles>) {
    return this.queries.execute(new ListCatalogVehicles(query));
  }

  @Bind(routes.groups)
  groups(@Input() { query }: RouteInput<typeof routes.groups>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetGroups(visitor, query));
  }

  @Bind(routes.quickGroups)
  quickGroups(@Input() { query }: RouteInput<typeof routes.quickGroups>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetQuickGroups(visitor, query));
  }

  @Bind(routes.listQuickDetail)
  listQuickDetail(@Input() { query }: RouteInput<typeof routes.listQuickDetail>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new ListQuickDetail(visitor, query));
  }

  @Bind(routes.parts)
  parts(@Input() { query }: RouteInput<typeof routes.parts>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new GetUnitParts(visitor, query));
  }

  @Bind(routes.findPartInVehicle)
  findPartInVehicle(@Input() { query }: RouteInput<typeof routes.findPartInVehicle>, @CurrentVisitor() visitor: Visitor) {
    return this.queries.execute(new FindPartInVehicle(visitor, query));
  }

  /** The unit's exploded diagram, the target of its imageUrl and largeImageUrl: cacheable by a CDN. */
  @Bind(routes.unitImage)
  async image(
    @Input() { params, query }: RouteInput<typeof routes.unitImage>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const svg = await this.queries.execute(new GetUnitDiagram(params.unitId, query.language));
    return staticFile(request, reply, svg, 'image/svg+xml; charset=utf-8');
  }

  @Bind(routes.reportSubstitutionError)
  async report(@Input() { body }: RouteInput<typeof routes.reportSubstitutionError>, @CurrentVisitor() visitor: Visitor) {
    // #20 finding 9: anyone may report, so reports are limited per visitor and per address.
    await throttleVisitor(this.limiter, 'error-report', visitor, ERROR_REPORT_LIMITS);
    await this.commands.execute(new ReportSubstitutionError(body, actorOf(visitor)));
    return ok({ message: t('substitutions.reportSent'), detail: t('substitutions.reportSentDetail') });
  }
}
