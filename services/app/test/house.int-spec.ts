import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { ALL_ROUTES, healthRoutes, routeKey, routesOf } from '@tuerca/contracts';
import { ContextRegistry, routeOf } from '@tuerca/platform';
import { startTestHttpApp, type TestHttpApp } from '@tuerca/platform/testing';
import { CONTEXT_ENTRIES } from '@tuerca/app';

/**
 * Each route defined once (issue "one house"): the routes the app serves and the contracts in `contracts`
 * are the same set, every contract says what it answers, the OpenAPI document built from them validates
 * and a client generated from it compiles; each context's entities and migrations describe one schema.
 * What is still owed is listed in `infra/test/route-debt.json` and may only shrink.
 */

const DEBT_FILE = join(import.meta.dirname, '..', '..', '..', 'infra', 'test', 'route-debt.json');
/** The debt: route problems and schema problems, one list (routes first, then `tables …` / `schema …`). */
const readDebt = () => new Set(JSON.parse(readFileSync(DEBT_FILE, 'utf8')) as string[]);
const isSchema = (p: string) => p.startsWith('tables ') || p.startsWith('schema ');
function writeDebt(part: 'routes' | 'schema', problems: string[]) {
  const keep = [...readDebt()].filter((p) => (part === 'schema' ? !isSchema(p) : isSchema(p)));
  writeFileSync(DEBT_FILE, `${JSON.stringify([...keep, ...problems].sort(), null, 2)}\n`);
}

/** The kernel's own endpoints, outside the product's API. */
const KERNEL = new Set(routesOf(healthRoutes).map(routeKey));

describe('one house: routes, OpenAPI, schema', () => {
  let t: TestHttpApp;

  beforeAll(async () => {
    t = await startTestHttpApp([DiscoveryModule, ...CONTEXT_ENTRIES.map((e) => e.module)]);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Every controller route of the running app: `METHOD /path`, and whether it is bound to a contract. */
  function servedRoutes(): Map<string, boolean> {
    const discovery = t.app.get(DiscoveryService);
    const scanner = new MetadataScanner();
    const served = new Map<string, boolean>();
    for (const wrapper of discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, wrapper.metatype) ?? '');
      for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = (instance as Record<string, object>)[name]!;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const full = `/${[prefix, path]
          .map((p) => p.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/')}`;
        const key = `${RequestMethod[method]} ${full}`;
        if (!KERNEL.has(key)) served.set(key, Boolean(routeOf(handler)));
      }
    }
    return served;
  }

  it('serves exactly the contracts of `contracts`, each bound with @Bind and saying what it answers', () => {
    const served = servedRoutes();
    const contracts = new Map(ALL_ROUTES.map((r) => [routeKey(r), r]));
    const problems: string[] = [];
    for (const [key, bound] of served) {
      if (!contracts.has(key)) problems.push(`served without a contract: ${key}`);
      else if (!bound) problems.push(`not bound with @Bind: ${key}`);
    }
    for (const [key, r] of contracts) {
      if (!served.has(key)) problems.push(`contract not served: ${key}`);
      if (!r.response && !r.produces) problems.push(`contract without a response schema: ${key}`);
    }
    problems.sort();
    if (process.env.UPDATE_HOUSE_DEBT) writeDebt('routes', problems);
    const debt = readDebt();
    expect({
      new: problems.filter((p) => !debt.has(p)),
      paidButStillListed: [...debt].filter((p) => !isSchema(p)).filter((p) => !problems.includes(p)),
    }).toEqual({ new: [], paidButStillListed: [] });
  });

  it('the OpenAPI document validates, and a client generated from it compiles', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    await SwaggerParser.validate(structuredClone(doc) as never);
    const source = astToString(await openapiTS(doc as never));
    const dir = mkdtempSync(join(tmpdir(), 'tuerca-openapi-'));
    const file = join(dir, 'api.ts');
    writeFileSync(file, source);
    const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022 });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it("each context's entities and migrations describe the same tables (the schema diff is empty)", async () => {
    const problems: string[] = [];
    for (const db of t.app.get(ContextRegistry).databases) {
      const mapped = new Set([...db.orm.getMetadata().getAll().values()].map((m) => m.tableName));
      const tables = await db.orm.em
        .getConnection()
        .execute<{ table_name: string }[]>(
          `select table_name from information_schema.tables where table_schema = ? and table_type = 'BASE TABLE'`,
          [db.schema],
        );
      const unmapped = tables.map((r) => r.table_name).filter((n) => n !== 'schema_migrations' && !mapped.has(n));
      if (unmapped.length > 0) {
        problems.push(`tables without an entity in ${db.schema}: ${unmapped.sort().join(', ')}`);
        continue;
      }
      const diff = await db.orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: false, schema: db.schema });
      if (diff.trim()) problems.push(`schema diff of ${db.schema}: ${diff.trim().replace(/\s*\n\s*/g, ' ')}`);
    }
    problems.sort();
    if (process.env.UPDATE_HOUSE_DEBT) writeDebt('schema', problems);
    const debt = readDebt();
    expect({
      new: problems.filter((p) => !debt.has(p)),
      paidButStillListed: [...debt].filter(isSchema).filter((p) => !problems.includes(p)),
    }).toEqual({ new: [], paidButStillListed: [] });
  });
});
