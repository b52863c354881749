import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApiRoutes, buildOpenApi } from '../http/openapi.js';
import { Readiness, type ReadinessReport } from './readiness.js';

/** Readiness of this process for its role (readiness.ts). */
export class GetReadiness extends Query<ReadinessReport> {}

@QueryHandler(GetReadiness)
export class GetReadinessHandler implements IQueryHandler<GetReadiness> {
  constructor(private readonly readiness: Readiness) {}

  execute(): Promise<ReadinessReport> {
    return this.readiness.report();
  }
}

/** The OpenAPI document of the whole API, generated from the zod contracts. */
export class GetApiDocument extends Query<ReturnType<typeof buildOpenApi>> {}

@QueryHandler(GetApiDocument)
export class GetApiDocumentHandler implements IQueryHandler<GetApiDocument> {
  constructor(private readonly routes: ApiRoutes) {}

  async execute() {
    return buildOpenApi(this.routes.all(), { title: 'Tuerca API', version: '1' });
  }
}

export const HEALTH_QUERY_HANDLERS = [GetReadinessHandler, GetApiDocumentHandler];
