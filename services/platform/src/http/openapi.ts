import { z } from 'zod';
import { ALL_ROUTES, errorBodySchema, routeKey, type RouteContract } from '@tuerca/contracts';

type JsonSchema = Record<string, unknown>;

/**
 * Shared and recursive schemas: zod writes them as `definitions` beside the schema with `$ref`s into it;
 * OpenAPI wants them under `components/schemas`. Each definition is hoisted there under a name unique to
 * the document, and the refs are rewritten to point at it.
 */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private next = 0;

  adopt(schema: JsonSchema): JsonSchema {
    const {
      $schema: _ignored,
      definitions,
      $defs,
      ...rest
    } = schema as JsonSchema & { definitions?: Record<string, JsonSchema>; $defs?: Record<string, JsonSchema> };
    const defs = { ...(definitions ?? {}), ...($defs ?? {}) };
    const names = new Map<string, string>();
    for (const key of Object.keys(defs)) names.set(key, `S${this.next++}`);
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      const out: JsonSchema = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') {
          const m = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(v);
          out[k] = m && names.has(m[1]!) ? `#/components/schemas/${names.get(m[1]!)}` : v;
        } else out[k] = rewrite(v);
      }
      return out;
    };
    for (const [key, def] of Object.entries(defs)) this.schemas[names.get(key)!] = rewrite(def) as JsonSchema;
    return rewrite(rest) as JsonSchema;
  }
}

function schemaOf(type: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  try {
    return components.adopt(z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0', reused: 'inline' }) as JsonSchema);
  } catch {
    return {};
  }
}

function parametersOf(type: z.ZodType | undefined, where: 'path' | 'query', components: Components): JsonSchema[] {
  if (!type) return [];
  const schema = schemaOf(type, 'input', components) as { properties?: Record<string, JsonSchema>; required?: string[] };
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
  const components = new Components();
  const errorSchema = schemaOf(errorBodySchema, 'output', components);
  const seen = new Set<string>();
  for (const r of routes) {
    if (seen.has(routeKey(r))) continue;
    seen.add(routeKey(r));
    const path = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const produces = r.produces ?? 'application/json';
    const success =
      produces === 'redirect'
        ? { description: 'Redirección' }
        : produces === 'application/json'
          ? { description: 'OK', content: { 'application/json': { schema: r.response ? schemaOf(r.response, 'output', components) : {} } } }
          : { description: 'OK', content: { [produces]: { schema: { type: 'string', format: 'binary' } } } };
    const responses: Record<string, unknown> = { [String(r.status ?? (produces === 'redirect' ? 303 : 200))]: success };
    for (const status of r.errors ?? [400]) {
      responses[String(status)] = { description: 'Error', content: { 'application/json': { schema: errorSchema } } };
    }
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      summary: r.summary,
      tags: r.tags,
      parameters: [...parametersOf(r.params, 'path', components), ...parametersOf(r.query, 'query', components)],
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.body, 'input', components) } } } }
        : {}),
      responses,
      'x-access': r.access,
    };
  }
  return {
    openapi: '3.0.3',
    info,
    components: { schemas: components.schemas, securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tuerca_sid' } } },
    security: [{ session: [] }],
    paths,
  };
}

/** The routes of the OpenAPI document: every contract of `contracts`, so any process serves the whole API's document. */
export class ApiRoutes {
  all(): readonly RouteContract[] {
    return ALL_ROUTES;
  }
}
