import {
  applyDecorators,
  createParamDecorator,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { routeKey, type RouteContract, type RouteInput } from '@tuerca/contracts';
import { Access, type AccessRule } from './access.js';
import { parseInput } from './zod.js';
import { requestIdOf } from './visitor.js';

export const ROUTE_KEY = 'tuerca:route';

const METHOD = { GET: Get, POST: Post, PATCH: Patch, PUT: Put, DELETE: Delete } as const;

/** Every contract a controller method was bound to in this process (the route/contract parity test reads it). */
const bound = new Map<string, RouteContract>();

export function boundRoutes(): ReadonlyMap<string, RouteContract> {
  return bound;
}

/**
 * Binds a controller method to its route contract: the HTTP method and path (the controller's decorator
 * carries no prefix, the contract's path is the whole path), the success status, the access rule, and the contract
 * kept on the handler for `@Input()` and for the answer's validation in tests. The route is defined once,
 * in `contracts`; nothing about it is repeated on the controller.
 */
export function Bind(route: RouteContract): MethodDecorator {
  bound.set(routeKey(route), route);
  return applyDecorators(
    METHOD[route.method](route.path.replace(/^\//, '')),
    HttpCode(route.status ?? 200),
    Access(route.access as AccessRule),
    SetMetadata(ROUTE_KEY, route),
  );
}

/** The contract a handler is bound to, or undefined for handlers outside the house shape. */
export function routeOf(handler: object): RouteContract | undefined {
  return Reflect.getMetadata(ROUTE_KEY, handler) as RouteContract | undefined;
}

/** Parses a request with its contract: params, query and body, each by its schema; bad input is a 400 in Spanish. */
export function parseRoute<T extends RouteContract>(route: T, req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): RouteInput<T> {
  return {
    params: (route.params ? parseInput(route.params, req.params ?? {}) : {}) as RouteInput<T>['params'],
    query: (route.query ? parseInput(route.query, req.query ?? {}) : {}) as RouteInput<T>['query'],
    body: (route.body ? parseInput(route.body, req.body ?? {}) : {}) as RouteInput<T>['body'],
  };
}

/**
 * `@Input() input: RouteInput<typeof route>`: the request parsed by the contract the method is bound to.
 * A handler without `@Bind` cannot use it (a programming error, found by the first test that calls it).
 */
export const Input = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const route = routeOf(ctx.getHandler());
  if (!route) throw new Error(`@Input() needs @Bind(route) on ${ctx.getClass().name}.${ctx.getHandler().name}`);
  return parseRoute(route, ctx.switchToHttp().getRequest<FastifyRequest>());
});

/** `@RequestId()`: the request's id (x-request-id), or the client's `Idempotency-Key` when it sent one. */
export const RequestId = createParamDecorator((_: unknown, ctx: ExecutionContext): string =>
  requestIdOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
