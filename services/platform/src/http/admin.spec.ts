import { describe, expect, it } from '@jest/globals';
import { lastValueFrom, of } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { adminListQuerySchema, adminResource, routesOf } from '@tuerca/contracts';
import { z } from 'zod';
import { MethodNotAllowedError } from './admin.js';
import { rangeWindow, resolveSort } from '../database/list.js';
import { AdminRange, Page } from './envelope.js';
import { EnvelopeInterceptor } from './envelope.interceptor.js';
import { ValidationError } from './domain-error.js';

function run(body: unknown) {
  const headers: Record<string, string> = {};
  const reply = { header: (k: string, v: string) => (headers[k] = v) };
  const context = { switchToHttp: () => ({ getResponse: () => reply }), getHandler: () => run } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => of(body) };
  return lastValueFrom(new EnvelopeInterceptor().intercept(context, next)).then((out) => ({ out, headers }));
}

describe('admin-api lists (ra-data-simple-rest dialect)', () => {
  it('answers an AdminRange as a bare array with Content-Range, the total and the exposed headers', async () => {
    const { out, headers } = await run(new AdminRange('users', [{ id: 'a' }, { id: 'b' }], 10, 42));
    expect(out).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(headers).toEqual({
      'content-range': 'users 10-11/42',
      'x-total-count': '42',
      'access-control-expose-headers': 'Content-Range, X-Total-Count',
    });
  });

  it('writes an empty page as start-start/total', async () => {
    const { headers } = await run(new AdminRange('charging-plans', [], 0, 0));
    expect(headers['content-range']).toBe('charging-plans 0-0/0');
  });

  it('leaves /api pages and plain bodies as they were', async () => {
    const page = await run(new Page([1], 7, { page: 0, pageSize: 20 }));
    expect(page.out).toEqual({ data: [1], metadata: { total: 7, page: 0, pageSize: 20 } });
    expect(page.headers).toEqual({ 'x-total-count': '7' });
    expect((await run({ data: 1 })).headers).toEqual({});
  });

  it('orders only by whitelisted fields, with id as the tie-breaker', () => {
    const q = adminListQuerySchema.parse({ sort: '["email","DESC"]' });
    const spec = {
      sortable: { id: 'id', email: 'email', createdAt: 'created_at' },
      fallback: { field: 'createdAt', order: 'DESC' as const },
    };
    expect(resolveSort(q.sort, spec)).toEqual({ column: 'email', direction: 'desc', idColumn: 'id' });
    expect(resolveSort(undefined, { ...spec, fallback: { field: 'createdAt', order: 'ASC' } })).toEqual({
      column: 'created_at',
      direction: 'asc',
      idColumn: 'id',
    });
    expect(() => resolveSort({ field: 'password_hash', order: 'ASC' }, spec)).toThrow(ValidationError);
    expect(() => resolveSort({ field: 'constructor', order: 'ASC' }, spec)).toThrow(ValidationError);
  });

  it('turns range into limit and offset, and answers every id of a getMany', () => {
    const q = adminListQuerySchema.parse({ range: '[25,49]' });
    expect(rangeWindow(q)).toEqual({ limit: 25, offset: 25 });
    expect(rangeWindow(adminListQuerySchema.parse({}))).toEqual({ limit: 20, offset: 0 });
    expect(rangeWindow(q, ['a', 'b', 'c'])).toEqual({ limit: 3, offset: 0 });
  });

  it('refuses what a resource does not allow with 405 and a Spanish text', () => {
    const err = new MethodNotAllowedError();
    expect(err.status).toBe(405);
    expect(err.messages[0]).toMatch(/no está disponible/);
  });
});

describe('adminResource', () => {
  it('documents the five calls of a resource, with 405 for what it does not allow', () => {
    const row = z.object({ id: z.string() });
    const routes = routesOf(
      adminResource('/admin-api/things', {
        summary: 'Cosas',
        tags: ['x'],
        row,
        params: z.object({ id: z.string() }),
        read: ['operator', 'adviser'],
        write: ['operator'],
        update: { body: row, summary: 'Cambiar' },
      }),
    );
    expect(routes.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.access)} ${r.errors?.includes(405) ? '405' : ''}`.trim())).toEqual([
      'GET /admin-api/things ["operator","adviser"]',
      'GET /admin-api/things/:id ["operator","adviser"]',
      'POST /admin-api/things ["operator"] 405',
      'PUT /admin-api/things/:id ["operator"]',
      'DELETE /admin-api/things/:id ["operator"] 405',
    ]);
  });
});
