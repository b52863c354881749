import { z } from 'zod';
import { errorBodySchema, type RouteContract } from '@tuerca/contracts';

type JsonSchema = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

function parametersOf(type: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!type) return [];
  const schema = schemaOf(type, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (schema.required ?? []).includes(name),
    schema: s,
  }));
}

/** The OpenAPI 3 document of the routes, generated from the same zod contracts the controllers parse with. */
export function buildOpenApi(routes: readonly RouteContract[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = schemaOf(errorBodySchema, 'output');
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      200: { description: 'OK', content: { 'application/json': { schema: r.response ? schemaOf(r.response, 'output') : {} } } },
    };
    for (const status of r.errors ?? [400]) {
      responses[String(status)] = { description: 'Error', content: { 'application/json': { schema: errorSchema } } };
    }
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      summary: r.summary,
      tags: r.tags,
      parameters: [...parametersOf(r.params, 'path'), ...parametersOf(r.query, 'query')],
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.body, 'input') } } } } : {}),
      responses,
      'x-access': r.access,
    };
  }
  return {
    openapi: '3.0.3',
    info,
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tuerca_sid' } } },
    security: [{ session: [] }],
    paths,
  };
}

/** Contexts register the routes they serve; /api/docs lists those of the contexts this process runs. */
export class ApiRoutes {
  private readonly routes: RouteContract[] = [];

  register(...routes: RouteContract[]): void {
    this.routes.push(...routes);
  }

  all(): readonly RouteContract[] {
    return this.routes;
  }
}
