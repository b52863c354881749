import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * One house (../shared/STYLE.md): a controller binds its route contracts and dispatches through a bus;
 * SQL lives in migrations, or in the few hot paths whose comment gives the measured reason. What the code
 * still owes is listed in `house-debt.json`, file by file: the list may only shrink (a file over its debt
 * fails, and so does a file that paid it without the list being updated — run with UPDATE_HOUSE_DEBT=1).
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DEBT_FILE = join(import.meta.dirname, 'house-debt.json');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.ts$/.test(name) && !/\.(spec|int-spec)\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Every `*.spec.ts` (the unit project's files) under a folder. */
function specs(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) specs(path, out);
    else if (name.endsWith('.spec.ts') && !name.endsWith('.int-spec.ts')) out.push(path);
  }
  return out;
}

const SOURCES = readdirSync(join(ROOT, 'services'))
  .filter((c) => statSync(join(ROOT, 'services', c, 'src'), { throwIfNoEntry: false })?.isDirectory())
  .flatMap((c) => walk(join(ROOT, 'services', c, 'src')))
  .map((p) => relative(ROOT, p))
  .sort();

const isMigration = (file: string) => /\/migrations\//.test(file);
const isController = (text: string) => /@Controller\(/.test(text);

const STATEMENT = '(?:select|insert|update|delete|with|create|alter|drop|copy|lock|set|refresh|truncate|vacuum|analyze)\\b';
/**
 * A raw SQL statement written as a string: `em.execute('select …')` (over several lines too, with type
 * arguments: `pool.query<{ a: string; b: number }>('select …')`) or a Kysely `sql` template holding a whole statement. A `sql` fragment inside a typed query (`sql\`attempts + 1\``) is fine.
 */
const RAW_SQL = new RegExp(
  `\\.(?:execute|query)\\b(?:\\s*<[^()\`'"]*?>)?[^;]{0,400}?\\(\\s*[\`'"]\\s*${STATEMENT}|\\bsql(?:<[^\`]*?>)?\`\\s*${STATEMENT}`,
  'gi',
);
/** The comment that admits tuned SQL on a hot path, with its measured reason. */
const HOT_PATH = /hot path:/i;

/**
 * Statements below the ORM by design, in the kernel only: each has a `below the ORM:` comment just above it,
 * and the file is named here with how many and why (services/platform/README.md, "Below the ORM"). A marker
 * elsewhere, or one statement more than listed, is a finding like any raw statement.
 */
const BELOW_THE_ORM_MARK = /below the ORM:/;
const BELOW_THE_ORM: Record<string, { statements: number; why: string }> = {
  'services/platform/src/database/copy-rows.ts': {
    statements: 1,
    why: 'COPY … FROM STDIN: the bulk loads of demo data streamed through one connection; no ORM form exists',
  },
  'services/platform/src/database/pg-session.ts': {
    statements: 3,
    why:
      'session-level advisory locks (take, release) on the one long-lived session; a pooled EntityManager cannot hold them; ' +
      "and a change feed's own NOTIFY, sent on the session that listens (its heartbeat and read-your-writes fence)",
  },
  'services/platform/src/events/postgres-transport.ts': {
    statements: 7,
    why:
      "the embedded transport on the bus's own pool: the relay's transaction spans a context's outbox and the shared " +
      '`platform` log (two schemas, two ORMs) with skip-locked claiming, the head lock, an unnest append and NOTIFY; ' +
      "the start check and the /ready probe (the log's reader is typed Kysely on the same pool)",
  },
  'services/platform/src/testing/database.ts': {
    statements: 2,
    why: "create and drop a test database from the server's admin connection, before and after any ORM opens it",
  },
};

interface Finding {
  file: string;
  rule: string;
}

function findings(): Finding[] {
  const out: Finding[] = [];
  for (const file of SOURCES) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    if (file.startsWith('services/platform/')) {
      // The kernel knows no context: no context's name in it, other than in the list of contexts.
      for (const m of text.matchAll(
        /@tuerca\/(identity|billing|garage|catalog|marketplace|notifications|agenda|analytics|integrations)\b/g,
      ))
        out.push({ file, rule: `kernel imports ${m[0]}` });
    }
    if (!isMigration(file)) {
      let below = 0;
      for (const m of text.matchAll(RAW_SQL)) {
        // The reason sits in the comment just above the statement.
        const before = text.slice(Math.max(0, m.index - 600), m.index);
        if (HOT_PATH.test(before)) continue;
        const exception = BELOW_THE_ORM[file];
        if (exception && BELOW_THE_ORM_MARK.test(before.slice(-300)) && ++below <= exception.statements) continue;
        out.push({ file, rule: 'raw SQL outside migrations without a hot-path reason' });
      }
      if (/\bas EntityManager\b/.test(text)) out.push({ file, rule: 'cast to EntityManager' });
    }
    if (isController(text)) {
      if (/from '@mikro-orm\//.test(text)) out.push({ file, rule: 'controller imports MikroORM' });
      if (/\bContextDatabase\b|\bEntityManager\b|\bgetKysely\b|\bkysely\s*[<(]|\.em\(\)/.test(text))
        out.push({ file, rule: 'controller touches the database' });
      // `this.commands.execute(…)` / `this.queries.execute(…)` dispatch; any other `.execute(` runs something itself.
      for (const m of text.matchAll(/([\w.\])]*)\s*\.execute\(/g))
        if (!/^this\.(commands|queries)$/.test(m[1]!)) out.push({ file, rule: 'controller executes something other than a bus' });
      if (/from '\.{1,2}\/[^']*\.(reader|service|repository)\.js'/.test(text))
        out.push({ file, rule: 'controller calls a reader or service' });
      for (const m of text.matchAll(/@(Get|Post|Patch|Put|Delete)\(/g))
        out.push({ file, rule: `route declared with @${m[1]} instead of @Bind` });
      if (!/\b(CommandBus|QueryBus)\b/.test(text)) out.push({ file, rule: 'controller dispatches through no bus' });
    }
  }
  return out;
}

function tally(list: Finding[]): Record<string, Record<string, number>> {
  const by: Record<string, Record<string, number>> = {};
  for (const f of list) {
    by[f.file] ??= {};
    by[f.file]![f.rule] = (by[f.file]![f.rule] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(by).sort(([a], [b]) => a.localeCompare(b)));
}

describe('one house', () => {
  it('owes no more than house-debt.json lists, and the list is up to date', () => {
    const now = tally(findings());
    if (process.env.UPDATE_HOUSE_DEBT) writeFileSync(DEBT_FILE, `${JSON.stringify(now, null, 2)}\n`);
    const debt = JSON.parse(readFileSync(DEBT_FILE, 'utf8')) as Record<string, Record<string, number>>;
    const over: string[] = [];
    const paid: string[] = [];
    for (const [file, rules] of Object.entries(now))
      for (const [rule, n] of Object.entries(rules))
        if (n > (debt[file]?.[rule] ?? 0)) over.push(`${file}: ${rule} (${n} > ${debt[file]?.[rule] ?? 0})`);
    for (const [file, rules] of Object.entries(debt))
      for (const [rule, n] of Object.entries(rules))
        if ((now[file]?.[rule] ?? 0) < n) paid.push(`${file}: ${rule} (${now[file]?.[rule] ?? 0} < ${n})`);
    expect({ over, paidButStillListed: paid }).toEqual({ over: [], paidButStillListed: [] });
  });

  it('names each statement below the ORM, no more and no fewer than it holds', () => {
    const counted: Record<string, number> = {};
    for (const file of Object.keys(BELOW_THE_ORM)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      counted[file] = [...text.matchAll(RAW_SQL)].filter((m) =>
        BELOW_THE_ORM_MARK.test(text.slice(Math.max(0, m.index - 300), m.index)),
      ).length;
    }
    expect(counted).toEqual(Object.fromEntries(Object.entries(BELOW_THE_ORM).map(([f, e]) => [f, e.statements])));
    // The mark is the kernel's alone.
    const elsewhere = SOURCES.filter((f) => !BELOW_THE_ORM[f] && BELOW_THE_ORM_MARK.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(elsewhere).toEqual([]);
  });

  it('keeps the kernel out of billing: the Metering port is in contracts, its adapters in billing, bound by the app', () => {
    // issue 23: "the metering port described in `contracts` with billing's HTTP and in-process adapters outside the platform".
    const named: string[] = [];
    for (const file of SOURCES.filter((f) => f.startsWith('services/platform/'))) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // The one place the kernel may name billing: the list of contexts the composition root can boot.
          if (file === 'services/platform/src/config/config.ts' && /^\s*'billing',\s*$/.test(line)) return;
          if (/meter(ing|ed)|billing/i.test(line)) named.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(named).toEqual([]);
    expect(statSync(join(ROOT, 'services/platform/src/metering'), { throwIfNoEntry: false })).toBeUndefined();
    // Billing's published client (its ports over HTTP) is the composition root's to bind; contexts inject METERING_PORT.
    const clientUsers = SOURCES.filter((f) => !/^services\/(app|billing)\//.test(f)).filter((f) =>
      /from '(@tuerca\/billing\/client|[^']*billing\/src\/client\/[^']*)'/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(clientUsers).toEqual([]);
  });

  it('keeps unit specs off the services: a spec that opens PostgreSQL, Redis or Kafka is an integration spec', () => {
    // jest.config.js: project `unit` runs `*.spec.ts`, project `integration` runs `*.int-spec.ts`.
    const SERVICE =
      /from '(@tuerca\/platform\/testing|pg|ioredis|kafkajs|bullmq|@mikro-orm\/[\w-]+|[^']*kafka-test-broker[^']*)'|\b(createTestDatabase|startTestHttpApp|ContextDatabase\.open|startKafkaTestBroker)\b/;
    const unitSpecs = ['contracts', 'services', 'infra', 'consoles'].flatMap((top) => specs(join(ROOT, top)));
    // (this file names the patterns, so it is left out)
    const offending = unitSpecs
      .filter((f) => f !== import.meta.filename && SERVICE.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(unitSpecs.length).toBeGreaterThan(40);
    expect(offending).toEqual([]);
  });

  it('every context folder has the same top-level shape', () => {
    const contexts = readdirSync(join(ROOT, 'services')).filter((c) => !['platform', 'app'].includes(c));
    const missing: string[] = [];
    for (const c of contexts) {
      for (const need of ['README.md', `src/${c}.module.ts`, `src/${c}.database.ts`, 'src/migrations', 'src/index.ts', 'test'])
        if (!statSync(join(ROOT, 'services', c, need), { throwIfNoEntry: false })) missing.push(`services/${c}/${need}`);
    }
    expect(missing).toEqual([]);
  });
});
