/**
 * Keeps docker-compose.yml, the Dockerfile and the edge's template (infra/nginx/templates) honest without a Docker engine:
 * they are checked against the code they deploy (the contexts built so far, the config schema, the
 * HTTP prefix and pattern tables, the build layout). Each check collects every problem it finds and
 * names it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CONTEXTS, loadConfig, type ContextName } from '@tuerca/platform';
import { CONTEXT_HTTP_PATTERNS, CONTEXT_HTTP_PREFIXES, contextForPath, type HttpContext } from '@tuerca/contracts';
import { CONTEXT_ENTRIES, allConfigDefaults, allConfigKeys, checkContextConfigs } from '@tuerca/app';
import { NGINX_TEMPLATE, renderTemplate, templateVariables } from './nginx-template.js';
import { environmentOf, loadCompose, type ComposeBuild, type ComposeService } from './compose-file.js';
import { SHELL_SCRIPT_CSP } from '../../consoles/customer/app-shell.js';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');
const exists = (path: string): boolean => existsSync(new URL(path, ROOT));

// ---------------------------------------------------------------------------------------------
// docker-compose.yml
// ---------------------------------------------------------------------------------------------

const envValue = (service: ComposeService, key: string): string | undefined => environmentOf(service).get(key)?.value;

function dependsOn(service: ComposeService): Map<string, string> {
  const deps = new Map<string, string>();
  if (Array.isArray(service.depends_on)) for (const name of service.depends_on) deps.set(name, 'service_started');
  else for (const [name, spec] of Object.entries(service.depends_on ?? {})) deps.set(name, spec?.condition ?? 'service_started');
  return deps;
}

const buildOf = (service: ComposeService): ComposeBuild | undefined =>
  typeof service.build === 'string' ? { context: service.build } : service.build;

const commandOf = (service: ComposeService): string[] | undefined =>
  typeof service.command === 'string' ? service.command.split(/\s+/).filter(Boolean) : service.command;

const healthTest = (service: ComposeService): string =>
  service.healthcheck?.disable ? '' : [service.healthcheck?.test ?? []].flat().join(' ');

const hostOf = (url: string | undefined): string | undefined => {
  try {
    return url ? new URL(url).hostname : undefined;
  } catch {
    return undefined;
  }
};

// ---------------------------------------------------------------------------------------------
// Dockerfile
// ---------------------------------------------------------------------------------------------

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  name: string | undefined;
  from: string;
  instructions: Instruction[];
}

function parseDockerfile(src: string): Stage[] {
  const lines = src
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  const expand = (s: string) => s.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (w, n: string) => globalArgs.get(n) ?? w);
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [, image = '', name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ name, from: expand(image), instructions: [] });
    } else if (upper === 'ARG' && stages.length === 0) {
      const [k, v = ''] = args.split('=');
      globalArgs.set(k!.trim(), v.trim());
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push({ op: upper, args });
    }
  }
  return stages;
}

/** Follows `FROM <earlier stage>` back to the image a stage starts from. */
function baseImage(stages: Stage[], stage: Stage): string {
  const parent = stages.find((s) => s.name === stage.from);
  return parent && parent !== stage ? baseImage(stages, parent) : stage.from;
}

/**
 * `services/app/dist/cli/migrate.js` -> the problem if it is not what the workspace's build produces
 * from an existing `src/cli/migrate.ts` (swc src -d dist --strip-leading-paths), else undefined.
 */
function distFileProblem(distPath: string): string | undefined {
  const m = /^((?:services|infra)\/[^/]+|contracts)\/dist\/(.+)\.js$/.exec(distPath);
  if (!m) return `${distPath} is not a workspace's dist/*.js file`;
  const [, workspace, rest] = m;
  if (!exists(`${workspace}/package.json`)) return `${workspace}/package.json does not exist (for ${distPath})`;
  const pkg = JSON.parse(read(`${workspace}/package.json`)) as { scripts?: { build?: string } };
  const build = pkg.scripts?.build ?? '';
  if (!/\bswc src -d dist\b/.test(build) || !build.includes('--strip-leading-paths')) {
    return `${workspace}/package.json's build script (${JSON.stringify(build)}) does not build src/ into dist/ (swc src -d dist --strip-leading-paths), so ${distPath} would not exist`;
  }
  if (!exists(`${workspace}/src/${rest}.ts`)) return `${distPath} is built from ${workspace}/src/${rest}.ts, which does not exist`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// nginx.conf
// ---------------------------------------------------------------------------------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function tokenizeNginx(src: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '{' || c === '}' || c === ';') {
      tokens.push(c);
      i++;
    } else if (c === '"' || c === "'") {
      let out = '';
      i++;
      while (i < src.length && src[i] !== c) {
        if (src[i] === '\\' && i + 1 < src.length) i++;
        out += src[i++];
      }
      i++;
      tokens.push(out);
    } else {
      let out = '';
      while (i < src.length && !/[\s;{}]/.test(src[i]!)) {
        if (src[i] === '$' && src[i + 1] === '{') {
          const end = src.indexOf('}', i);
          out += src.slice(i, end + 1);
          i = end + 1;
        } else out += src[i++];
      }
      tokens.push(out);
    }
  }
  return tokens;
}

function parseNginx(src: string): Directive[] {
  const tokens = tokenizeNginx(src);
  let pos = 0;
  const parseBlock = (nested: boolean): Directive[] => {
    const out: Directive[] = [];
    while (pos < tokens.length) {
      if (tokens[pos] === '}') {
        if (!nested) throw new Error('nginx.conf: unbalanced "}"');
        pos++;
        return out;
      }
      const words: string[] = [];
      while (pos < tokens.length && tokens[pos] !== ';' && tokens[pos] !== '{' && tokens[pos] !== '}') words.push(tokens[pos++]!);
      if (words.length === 0) throw new Error(`nginx.conf: unexpected "${tokens[pos]}"`);
      const [name, ...args] = words as [string, ...string[]];
      if (tokens[pos] === ';') {
        pos++;
        out.push({ name, args });
      } else if (tokens[pos] === '{') {
        pos++;
        out.push({ name, args, block: parseBlock(true) });
      } else throw new Error(`nginx.conf: directive "${name}" is not terminated by ";"`);
    }
    if (nested) throw new Error('nginx.conf: missing "}"');
    return out;
  };
  return parseBlock(false);
}

const children = (d: Directive | undefined, name: string): Directive[] => (d?.block ?? []).filter((c) => c.name === name);

interface Nginx {
  upstreams: Map<string, string[]>; // name -> server addresses (host:port)
  maps: Map<string, { default?: string; values: string[] }>; // $var -> possible values
  locations: Directive[];
}

function loadNginx(): Nginx {
  const nginxService = services.nginx;
  const env = nginxService ? Object.fromEntries([...environmentOf(nginxService)].map(([k, e]) => [k, e.value])) : {};
  // The template is http-level: the nginx image's own nginx.conf includes it inside `http { }`.
  const http: Directive = { name: 'http', args: [], block: parseNginx(renderTemplate(read(NGINX_TEMPLATE), env)) };
  const upstreams = new Map(children(http, 'upstream').map((u) => [u.args[0]!, children(u, 'server').map((s) => s.args[0]!)] as const));
  const maps = new Map(
    children(http, 'map').map((m) => {
      const entries = (m.block ?? []).filter((e) => e.name !== 'hostnames' && e.name !== 'volatile');
      return [
        m.args[1]!,
        { default: entries.find((e) => e.name === 'default')?.args[0], values: entries.map((e) => e.args[0]!).filter(Boolean) },
      ] as const;
    }),
  );
  const servers = children(http, 'server');
  if (servers.length !== 1) throw new Error(`${NGINX_TEMPLATE} should have one server block, found ${servers.length}`);
  return { upstreams, maps, locations: children(servers[0], 'location') };
}

const prefixOf = (l: Directive): string | undefined =>
  l.args.length === 1 && !l.args[0]!.startsWith('@') ? l.args[0] : l.args[0] === '^~' ? l.args[1] : undefined;
const regexOf = (l: Directive): RegExp | undefined =>
  l.args[0] === '~' || l.args[0] === '~*' ? new RegExp(l.args[1]!, l.args[0] === '~*' ? 'i' : '') : undefined;

/**
 * ngx_http_core_find_location(): an exact `=` match ends the search; else the longest prefix is
 * remembered and its nested locations are searched the same way (a nested exact or regex match
 * wins); then the regexes of this level, in order, unless the remembered prefix is `^~`; else the
 * (deepest) prefix. `final` says an exact or regex location matched.
 */
function findLocation(locations: Directive[], uri: string): { location: Directive | undefined; final: boolean } {
  const exact = locations.find((l) => l.args[0] === '=' && l.args[1] === uri);
  if (exact) return { location: exact, final: true };
  let best: Directive | undefined;
  for (const l of locations) {
    const prefix = prefixOf(l);
    if (prefix !== undefined && uri.startsWith(prefix) && (!best || prefix.length > prefixOf(best)!.length)) best = l;
  }
  let chosen = best;
  const nested = children(best, 'location');
  if (nested.length > 0) {
    const inner = findLocation(nested, uri);
    if (inner.final) return inner;
    chosen = inner.location ?? best;
  }
  if (best?.args[0] !== '^~') {
    const regex = locations.find((l) => regexOf(l)?.test(uri));
    if (regex) return { location: regex, final: true };
  }
  return { location: chosen, final: false };
}

/** nginx's choice of location for a request (locations match the path, without the query string). */
const selectLocation = (locations: Directive[], path: string): Directive | undefined =>
  findLocation(locations, path.split('?')[0]!).location;

/** Every location, nested ones included, with the location it is nested in. */
function allLocations(locations: Directive[], parent?: Directive): { location: Directive; parent?: Directive }[] {
  return locations.flatMap((location) => [{ location, parent }, ...allLocations(children(location, 'location'), location)]);
}

/** The upstream names a location proxies to (through a map when proxy_pass uses a variable). */
function proxyTargets(nginx: Nginx, location: Directive | undefined): string[] {
  const pass = children(location, 'proxy_pass')[0]?.args[0];
  if (!pass) return [];
  const target = pass.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  // `proxy_pass http://$1/ready`: the upstream named by the location's own capture (checked on its own).
  if (/^\$\d$/.test(target)) return [];
  if (!target.startsWith('$')) return [target];
  const map = nginx.maps.get(target);
  return map ? [...new Set(map.values)] : [target];
}

const upstreamHosts = (nginx: Nginx, name: string): string[] => (nginx.upstreams.get(name) ?? []).map((a) => a.replace(/:\d+$/, ''));

const describeLocation = (l: Directive | undefined): string => (l ? `location ${l.args.join(' ')}` : 'no location');

// ---------------------------------------------------------------------------------------------

const compose = loadCompose();
const services = compose.services;

/**
 * The contexts this build has (CONTEXT_ENTRIES): the process exits on SERVICES=<any other>, so only
 * these get a container, an upstream and locations. The rest are "not deployed yet".
 */
const BUILT: readonly ContextName[] = CONTEXT_ENTRIES.map((e) => e.name);
const UNBUILT: readonly ContextName[] = CONTEXTS.filter((c) => !BUILT.includes(c));
const isBuilt = (ctx: string | undefined): boolean => ctx !== undefined && (BUILT as readonly string[]).includes(ctx);

/** The secrets: config keys whose default is a dev-only value that production refuses. */
const SECRETS = Object.entries(allConfigDefaults())
  .filter(([, v]) => typeof v === 'string' && v.startsWith('dev-only'))
  .map(([k]) => k);
const dockerStages = parseDockerfile(read('Dockerfile'));
const finalStage = dockerStages.at(-1);

/** Services running the app image: built from the Dockerfile's final stage, or sharing its image name. */
const appImage = Object.values(services).find((s) => {
  const b = buildOf(s);
  return b && (b.target === undefined || b.target === finalStage?.name);
})?.image;
const appServices = Object.entries(services).filter(([, s]) => {
  const b = buildOf(s);
  return (b && (b.target === undefined || b.target === finalStage?.name)) || (appImage !== undefined && s.image === appImage);
});
const appServiceNames = new Set(appServices.map(([name]) => name));

describe('docker-compose.yml', () => {
  it('runs postgres, redis and a KRaft kafka, each with a healthcheck', () => {
    const problems: string[] = [];
    const { postgres, redis, kafka } = services;
    if (!postgres) problems.push('no `postgres` service');
    else {
      if (!/^postgres:16\b/.test(postgres.image ?? '')) problems.push(`postgres image is ${postgres.image}, expected postgres:16`);
      if (!healthTest(postgres).includes('pg_isready')) problems.push('postgres healthcheck does not run pg_isready');
      const mountsInit = (postgres.volumes ?? []).some((v) => /infra\/postgres\/init\.sql:\/docker-entrypoint-initdb\.d\//.test(String(v)));
      if (!mountsInit) problems.push('postgres does not mount ./infra/postgres/init.sql into /docker-entrypoint-initdb.d/');
      if (!(postgres.volumes ?? []).some((v) => String(v).includes(':/var/lib/postgresql/data')))
        problems.push('postgres keeps no data volume');
    }
    if (!redis) problems.push('no `redis` service');
    else {
      if (!/^redis:7\b/.test(redis.image ?? '')) problems.push(`redis image is ${redis.image}, expected redis:7`);
      if (!healthTest(redis).includes('redis-cli')) problems.push('redis healthcheck does not run redis-cli');
    }
    if (!kafka) problems.push('no `kafka` service');
    else {
      if (!/^(apache|bitnami)\/kafka:/.test(kafka.image ?? ''))
        problems.push(`kafka image is ${kafka.image}, expected apache/kafka or bitnami/kafka`);
      if (!healthTest(kafka)) problems.push('kafka has no healthcheck');
      const kenv = (key: string) => envValue(kafka, `KAFKA_${key}`) ?? envValue(kafka, `KAFKA_CFG_${key}`) ?? '';
      const roles = kenv('PROCESS_ROLES')
        .split(',')
        .map((r) => r.trim());
      if (!roles.includes('broker') || !roles.includes('controller')) {
        problems.push(`kafka PROCESS_ROLES is "${roles.join(',')}", KRaft single node needs broker,controller`);
      }
      if (!kenv('CONTROLLER_QUORUM_VOTERS')) problems.push('kafka has no CONTROLLER_QUORUM_VOTERS (KRaft)');
      if (!/:\/\/kafka:9092\b/.test(kenv('ADVERTISED_LISTENERS'))) {
        problems.push(`kafka ADVERTISED_LISTENERS (${kenv('ADVERTISED_LISTENERS')}) does not advertise kafka:9092 to the other containers`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('knows which contexts are built', () => {
    // A sanity check on the tables the tests below are driven by.
    expect(BUILT.length).toBeGreaterThan(0);
    expect(BUILT).toContain('identity'); // IDENTITY_URL, /api/docs and /admin-api/ point at it
    expect([...BUILT, ...UNBUILT].sort()).toEqual([...CONTEXTS].sort());
    expect(Object.keys(CONTEXT_HTTP_PREFIXES).sort()).toEqual([...CONTEXTS].sort());
  });

  it('has one service per built context, each running only itself as an API', () => {
    const problems: string[] = [];
    for (const ctx of BUILT) {
      const service = services[ctx];
      if (!service) {
        problems.push(`no compose service named "${ctx}"`);
        continue;
      }
      if (!appServiceNames.has(ctx)) problems.push(`${ctx} does not run the app image built by the Dockerfile`);
      const expected: Record<string, string> = {
        SERVICES: ctx,
        ROLE: 'api',
        EVENT_BUS: 'kafka',
        KAFKA_BROKERS: 'kafka:9092',
        HOST: '0.0.0.0',
        PORT: '8080',
        IDENTITY_URL: 'http://identity:8080',
        BILLING_URL: 'http://billing:8080',
      };
      for (const [key, want] of Object.entries(expected)) {
        const got = envValue(service, key);
        if (got !== want) problems.push(`${ctx}: ${key} is ${JSON.stringify(got)}, expected "${want}"`);
      }
      if (hostOf(envValue(service, 'DATABASE_URL')) !== 'postgres')
        problems.push(`${ctx}: DATABASE_URL does not point at the postgres service`);
      if (hostOf(envValue(service, 'REDIS_URL')) !== 'redis') problems.push(`${ctx}: REDIS_URL does not point at the redis service`);
      if (!healthTest(service).includes('/ready')) problems.push(`${ctx}: healthcheck does not probe /ready`);
    }
    expect(problems).toEqual([]);
  });

  it('runs no container for a context that is not built yet (it would exit and restart forever)', () => {
    const problems: string[] = [];
    for (const ctx of UNBUILT) if (services[ctx]) problems.push(`service "${ctx}" exists, but CONTEXT_ENTRIES does not build ${ctx} yet`);
    // What selectContexts() accepts: "all", or names of built contexts only.
    for (const [name, service] of appServices) {
      const value = envValue(service, 'SERVICES');
      if (value === undefined || value === 'all') continue;
      for (const ctx of value.split(',').map((s) => s.trim())) {
        if (!isBuilt(ctx)) problems.push(`${name}: SERVICES names ${ctx}, which this build does not have yet`);
      }
    }
    // Service-to-service URLs must reach a container that exists.
    for (const [name, service] of appServices) {
      for (const [key, entry] of environmentOf(service)) {
        if (!/_URL$/.test(key) || key === 'PUBLIC_URL' || !entry.value || !/^https?:/.test(entry.value)) continue;
        const host = hostOf(entry.value);
        if (!host || !services[host]) problems.push(`${name}: ${key} (${entry.value}) does not point at a compose service`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a worker for the background side of every context', () => {
    const worker = services.worker;
    expect(worker).toBeDefined();
    const problems: string[] = [];
    if (!appServiceNames.has('worker')) problems.push('worker does not run the app image built by the Dockerfile');
    if (envValue(worker!, 'ROLE') !== 'worker')
      problems.push(`worker: ROLE is ${JSON.stringify(envValue(worker!, 'ROLE'))}, expected "worker"`);
    if (envValue(worker!, 'SERVICES') !== 'all')
      problems.push(`worker: SERVICES is ${JSON.stringify(envValue(worker!, 'SERVICES'))}, expected "all"`);
    if (envValue(worker!, 'EVENT_BUS') !== 'kafka') problems.push('worker: EVENT_BUS is not kafka');
    expect(problems).toEqual([]);
  });

  it('migrates once, before anything else starts', () => {
    const problems: string[] = [];
    const migrate = services.migrate;
    if (!migrate) problems.push('no `migrate` service');
    else {
      const command = commandOf(migrate) ?? [];
      if (command[0] !== 'node' || command[1] !== 'services/app/dist/cli/migrate.js') {
        problems.push(`migrate runs ${JSON.stringify(command)}, expected ["node", "services/app/dist/cli/migrate.js"]`);
      }
      if (migrate.restart && migrate.restart !== 'no') problems.push(`migrate restarts (${migrate.restart}); a one-shot must exit`);
      if (dependsOn(migrate).get('postgres') !== 'service_healthy') problems.push('migrate does not wait for postgres to be healthy');
    }
    const waiting = [...BUILT, 'worker'];
    for (const name of waiting) {
      const service = services[name];
      if (!service) continue; // reported by the tests above
      const deps = dependsOn(service);
      for (const infra of ['postgres', 'redis', 'kafka']) {
        if (deps.get(infra) !== 'service_healthy') problems.push(`${name} does not depend on ${infra} with condition service_healthy`);
      }
      if (deps.get('migrate') !== 'service_completed_successfully') {
        problems.push(`${name} does not depend on migrate with condition service_completed_successfully`);
      }
    }
    for (const [name, service] of Object.entries(services)) {
      for (const dep of dependsOn(service).keys()) if (!services[dep]) problems.push(`${name} depends on "${dep}", which is not a service`);
    }
    expect(problems).toEqual([]);
  });

  it('gives the app containers only variables the config schema reads', () => {
    const keys = new Set(allConfigKeys());
    const problems: string[] = [];
    expect(appServices.length).toBeGreaterThan(0);
    for (const [name, service] of appServices) {
      for (const [key, entry] of environmentOf(service)) {
        if (!keys.has(key))
          problems.push(
            `${name}: ${key} is not read by the app (not in allConfigKeys(): the kernel's config.ts or a context's *.config.ts)`,
          );
        for (const used of entry.names) {
          if (!keys.has(used)) problems.push(`${name}: ${key} interpolates \${${used}}, which is not a config key`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives each app container an environment that loadConfig() accepts', () => {
    const problems: string[] = [];
    // The broker's bounds on a consumer's session timeout (Kafka's defaults unless compose sets them).
    const kafka = services.kafka;
    const brokerSetting = (key: string, fallback: number) =>
      Number((kafka && (envValue(kafka, `KAFKA_${key}`) ?? envValue(kafka, `KAFKA_CFG_${key}`))) ?? fallback);
    const minSession = brokerSetting('GROUP_MIN_SESSION_TIMEOUT_MS', 6000);
    const maxSession = brokerSetting('GROUP_MAX_SESSION_TIMEOUT_MS', 1800000);
    for (const [name, service] of appServices) {
      const env = Object.fromEntries([...environmentOf(service)].map(([key, entry]) => [key, entry.value]));
      try {
        const config = loadConfig(env);
        checkContextConfigs(config, CONTEXT_ENTRIES);
        if (
          config.EVENT_BUS === 'kafka' &&
          (config.KAFKA_SESSION_TIMEOUT_MS < minSession || config.KAFKA_SESSION_TIMEOUT_MS > maxSession)
        ) {
          problems.push(
            `${name}: KAFKA_SESSION_TIMEOUT_MS ${config.KAFKA_SESSION_TIMEOUT_MS} is outside the broker's group session timeout range [${minSession}, ${maxSession}]`,
          );
        }
      } catch (err) {
        problems.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('takes the secrets from the environment (.env), never from the file', () => {
    const problems: string[] = [];
    expect(SECRETS).toEqual(
      expect.arrayContaining(['SESSION_SECRET', 'INTERNAL_TOKEN', 'PAYMENT_INTEGRITY_SECRET', 'PAYMENT_EVENTS_SECRET']),
    );
    for (const [name, service] of appServices) {
      const env = environmentOf(service);
      for (const secret of SECRETS) {
        const raw = env.get(secret)?.raw;
        if (raw === undefined) problems.push(`${name}: ${secret} is not set (the app would use its dev-only default)`);
        else if (!new RegExp(`^\\$\\{${secret}:?[?-]`).test(raw))
          problems.push(`${name}: ${secret} is written in the file (${raw}); use \${${secret}:?...}`);
      }
    }
    // Every variable compose requires (`${X:?...}`) is made by the .env recipe at the top of the file.
    const text = read('docker-compose.yml');
    const recipe = text
      .split('\n')
      .filter((l) => /^\s*#.*%s/.test(l))
      .join('\n');
    const required = new Set(
      Object.values(services)
        .flatMap((service) => [...environmentOf(service).values()])
        .flatMap((entry) => [...(entry.raw ?? '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((m) => m[1]!)),
    );
    for (const name of SECRETS) if (!required.has(name)) problems.push(`${name} is not required (\${${name}:?...}) by docker-compose.yml`);
    for (const name of required) {
      // printf 'A=%s\nB=%s\n' ...: each name follows a quote, a space or a literal \n.
      if (!new RegExp(`(?:^|[^A-Za-z0-9_]|\\\\n)${name}=%s`).test(recipe))
        problems.push(`${name} is required but the .env recipe at the top of docker-compose.yml does not create it`);
    }
    expect(problems).toEqual([]);
  });

  it('puts nginx on host port 8080 in front of every built context', () => {
    const problems: string[] = [];
    const nginx = services.nginx;
    if (!nginx) problems.push('no `nginx` service');
    else {
      const target = buildOf(nginx)?.target;
      const stage = dockerStages.find((s) => s.name === target);
      const image = stage ? baseImage(dockerStages, stage) : (nginx.image ?? '');
      if (!/^nginx:/.test(image)) problems.push(`nginx runs ${image}, expected an nginx image`);
      if (!(nginx.ports ?? []).some((p) => /^(\d+\.\d+\.\d+\.\d+:)?8080:80$/.test(String(p))))
        problems.push('nginx does not publish 8080:80');
      if (!(nginx.volumes ?? []).some((v) => /^\.\/infra\/nginx\/templates:\/etc\/nginx\/templates(:ro)?$/.test(String(v)))) {
        problems.push('nginx does not mount ./infra/nginx/templates at /etc/nginx/templates (the image renders them at start)');
      }
      // Every ${VARIABLE} of the template is given (envsubst would leave it as it is and nginx would refuse it).
      const env = environmentOf(nginx);
      for (const name of templateVariables(read(NGINX_TEMPLATE)))
        if (!env.has(name)) problems.push(`nginx's environment does not set ${name}, which ${NGINX_TEMPLATE} uses`);
      for (const ctx of BUILT) {
        const want = `${ctx}:${envValue(services[ctx] ?? {}, 'PORT') ?? '8080'}`;
        const got = envValue(nginx, `${ctx.toUpperCase()}_UPSTREAM`);
        if (got !== want) problems.push(`nginx: ${ctx.toUpperCase()}_UPSTREAM is ${JSON.stringify(got)}, expected "${want}"`);
      }
      const deps = dependsOn(nginx);
      for (const ctx of BUILT) {
        if (deps.get(ctx) !== 'service_healthy') problems.push(`nginx does not depend on ${ctx} with condition service_healthy`);
      }
      // Anything else would keep nginx from starting (a service that never gets healthy) or be pointless.
      for (const dep of deps.keys()) if (!isBuilt(dep)) problems.push(`nginx depends on ${dep}, which is not a built context`);
    }
    expect(problems).toEqual([]);
  });
});

/** A path with a parameter for each `[^/]+` of a pattern, or undefined when the pattern is not that simple. */
function samplePathFor(pattern: string): string | undefined {
  const sample = pattern.replace(/^\^/, '').replace(/\$$/, '').replaceAll('[^/]+', 'x1');
  return new RegExp(pattern).test(sample) ? sample : undefined;
}

/** Paths and the context that serves them (contextForPath() must agree; nginx must route them so). */
const SAMPLE_ROUTES: [path: string, ctx: HttpContext | undefined][] = [
  ['/api/users/auth/login', 'identity'],
  ['/api/core/sessionControlData/current', 'identity'],
  ['/api/core/chargingPlans/active', 'billing'],
  ['/api/billing/payments/webhook', 'billing'],
  ['/api/catalogo/catalogV2/x1/getSearchesPerformedOemStore', 'billing'],
  ['/api/catalogo/catalogV2/x1/getSearchesPerformedOemStore?storeId=9', 'billing'],
  ['/api/catalogo/catalogV2/getSearchesPerformedAm', 'billing'],
  ['/api/catalogo/catalogV2/getSearchesPerformed', 'billing'],
  ['/api/catalogo/catalogV2/getSearchesPerformed/x1/getSearchesPerformedOemStore', 'billing'],
  ['/api/catalogo/catalogV2/x1/getSearchesPerformedOemStore/more', 'catalog'],
  ['/api/catalogo/catalogV2/x1/y1/getSearchesPerformedOemStore', 'catalog'],
  ['/api/catalogo/catalogV2/x1/getSearchesPerformedOemStoreX', 'catalog'],
  ['/api/catalogo/catalogV2/search', 'catalog'],
  ['/api/catalogo/catalogSubstitutions/getUserConsultations', 'billing'],
  ['/api/catalogo/catalogSubstitutions/byOem', 'catalog'],
  ['/api/garage/vehicle/getConsultationsByPlateAvailable', 'billing'],
  ['/api/garage/vehicle/byPlate', 'garage'],
  ['/api/catalogo/products/42', 'marketplace'],
  ['/api/motorepuestos-antioquia/cart/page/sendQuotationToClientAjax', 'marketplace'],
  ['/api/cart/cart/page/sendQuotationToClientAjax', 'marketplace'],
  ['/api/motorepuestos-antioquia/cart/page/index', undefined],
  ['/api/cart/items', 'marketplace'],
  ['/themes/default.css', 'garage'],
  ['/api/users/activitiesAgenda/today', 'agenda'],
  ['/api/integrations/brandPIES', 'integrations'],
  ['/api/catalogo/products/indicatorsForProductsInML', 'integrations'],
  ['/api/catalogo/products/4a1f/changeStateInML', 'integrations'],
  ['/api/catalogo/products/4a1f/deleteAllProductsOfGMC', 'integrations'],
  ['/api/catalogo/products/4a1f/loadProduct', 'marketplace'],
  ['/api/catalogo/analitycsCatalogV2Search', 'analytics'],
  ['/api/catalogo/analitycsCatalogV2Search/getAnalyticsCatalogSearchGeneral', 'analytics'],
  ['/admin-api/search-analytics/summary', 'analytics'],
  ['/api/analytics/anything', 'analytics'],
  ['/api/nothing/here', undefined],
];

describe('infra/nginx/templates/tuerca.conf.template', () => {
  const nginx = loadNginx();
  const everyLocation = allLocations(nginx.locations);
  const hostsOf = (location: Directive | undefined): string[] => proxyTargets(nginx, location).flatMap((t) => upstreamHosts(nginx, t));

  /** How nginx answers a path must match contextForPath(): proxied to it when built, else the API's JSON 404. */
  function routingProblem(path: string, want: string | undefined): string | undefined {
    const chosen = selectLocation(nginx.locations, path);
    const got = hostsOf(chosen);
    if (isBuilt(want)) {
      return got.length === 1 && got[0] === want
        ? undefined
        : `${path}: nginx picks ${describeLocation(chosen)} -> [${got.join(', ')}], contextForPath says ${want}`;
    }
    if (want === undefined && !path.startsWith('/api/')) return undefined;
    const [code, body] = children(chosen, 'return')[0]?.args ?? [];
    let json: { statusCode?: number } | undefined;
    try {
      json = body ? (JSON.parse(body) as { statusCode?: number }) : undefined;
    } catch {
      json = undefined;
    }
    if (got.length > 0 || code !== '404' || json?.statusCode !== 404) {
      const why = want ? `${want} is not deployed yet` : 'no context serves it';
      return `${path}: nginx picks ${describeLocation(chosen)} -> [${got.join(', ')}], expected the API's JSON 404 (${why})`;
    }
    return undefined;
  }

  it('proxies only to upstreams whose hosts are compose services on their PORT', () => {
    const problems: string[] = [];
    for (const [name, addresses] of nginx.upstreams) {
      if (addresses.length === 0) problems.push(`upstream ${name} has no server`);
      for (const address of addresses) {
        const [host, port] = address.split(':');
        const service = services[host!];
        if (!service) problems.push(`upstream ${name}: ${host} is not a compose service`);
        else if (port !== (envValue(service, 'PORT') ?? '8080'))
          problems.push(`upstream ${name}: ${address} is not the port ${host} listens on`);
      }
    }
    for (const { location } of everyLocation) {
      for (const target of proxyTargets(nginx, location)) {
        if (!nginx.upstreams.has(target)) problems.push(`${describeLocation(location)} proxies to "${target}", which is not an upstream`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no upstream or proxied location for a context that is not built yet', () => {
    const problems: string[] = [];
    for (const ctx of UNBUILT) {
      if (nginx.upstreams.has(ctx)) problems.push(`upstream ${ctx} exists, but ${ctx} is not built yet`);
      for (const name of nginx.upstreams.keys()) {
        if (upstreamHosts(nginx, name).includes(ctx)) problems.push(`upstream ${name} has server ${ctx}, which is not built yet`);
      }
      for (const [variable, map] of nginx.maps) {
        if (map.values.includes(ctx)) problems.push(`map ${variable} can pick ${ctx}, which is not built yet`);
      }
    }
    for (const { location } of everyLocation) {
      for (const host of hostsOf(location)) {
        if (!isBuilt(host)) problems.push(`${describeLocation(location)} proxies to ${host}, which is not a built context`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('routes every prefix and pattern of a built context to it', () => {
    const problems: string[] = [];
    for (const { location, parent } of everyLocation) {
      const siblings = parent ? children(parent, 'location') : nginx.locations;
      const key = location.args.join(' ');
      if (siblings.filter((l) => l.args.join(' ') === key).length > 1 && siblings.find((l) => l.args.join(' ') === key) === location)
        problems.push(`duplicate location ${key}`);
    }
    for (const ctx of BUILT) {
      for (const prefix of CONTEXT_HTTP_PREFIXES[ctx as HttpContext]) {
        if (prefix.startsWith('/internal/')) continue; // kept off the edge, below
        const own = nginx.locations.find((l) => l.args[0] === '^~' && l.args[1] === prefix);
        if (!own) {
          problems.push(`no "location ^~ ${prefix}" for ${ctx}`);
          continue;
        }
        const hosts = hostsOf(own);
        if (hosts.length !== 1 || hosts[0] !== ctx)
          problems.push(`location ^~ ${prefix} proxies to [${hosts.join(', ')}], expected ${ctx}`);
      }
      for (const pattern of CONTEXT_HTTP_PATTERNS[ctx as HttpContext] ?? []) {
        const own = everyLocation.filter(({ location: l }) => l.args[0] === '~' && l.args[1] === pattern);
        if (own.length === 0) problems.push(`no "location ~ ${pattern}" for ${ctx}`);
        for (const { location } of own) {
          const hosts = hostsOf(location);
          if (hosts.length !== 1 || hosts[0] !== ctx)
            problems.push(`location ~ ${pattern} proxies to [${hosts.join(', ')}], expected ${ctx}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers like contextForPath() for paths under every prefix and pattern: its context if built, else a 404', () => {
    const problems: string[] = [];
    for (const prefixes of Object.values(CONTEXT_HTTP_PREFIXES)) {
      for (const prefix of prefixes) {
        if (prefix.startsWith('/internal/')) continue;
        const probes = prefix.endsWith('/') ? [prefix, `${prefix}x/y`] : [prefix, `${prefix}/x`, `${prefix}X`];
        for (const probe of probes) {
          const problem = routingProblem(probe, contextForPath(probe));
          if (problem) problems.push(problem);
        }
      }
    }
    for (const [ctx, patterns] of Object.entries(CONTEXT_HTTP_PATTERNS)) {
      for (const pattern of patterns ?? []) {
        const sample = samplePathFor(pattern);
        if (!sample) {
          problems.push(`cannot make a sample path for ${ctx}'s pattern ${pattern}; add paths for it to SAMPLE_ROUTES`);
          continue;
        }
        if (contextForPath(sample) !== ctx)
          problems.push(`contextForPath(${sample}) is ${contextForPath(sample)}, expected ${ctx} (its pattern)`);
        for (const probe of [sample, `${sample}?q=1`, `${sample}/x`, `${sample}X`]) {
          const problem = routingProblem(probe, contextForPath(probe));
          if (problem) problems.push(problem);
        }
      }
    }
    for (const [path, ctx] of SAMPLE_ROUTES) {
      const want = contextForPath(path);
      if (want !== ctx) problems.push(`contextForPath(${path}) is ${want}, expected ${ctx}`);
      const problem = routingProblem(path, ctx);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('has no stale route: every proxied location belongs to the context the tables name', () => {
    const problems: string[] = [];
    for (const { location } of everyLocation) {
      const targets = proxyTargets(nginx, location);
      const hosts = hostsOf(location);
      if (hosts.length === 0) continue;
      // The kernel's routes, served by every process, go to the `api` group (checked below).
      if (targets.join() === 'api') continue;
      const prefix = location.args[0] === '^~' ? location.args[1]! : undefined;
      const exact = location.args[0] === '=' ? location.args[1]! : undefined;
      if (prefix !== undefined) {
        const want = contextForPath(prefix);
        if (hosts.length !== 1 || hosts[0] !== want)
          problems.push(
            `location ^~ ${prefix} proxies to [${hosts.join(', ')}], but CONTEXT_HTTP_PREFIXES gives it to ${want ?? 'no context'}`,
          );
      } else if (exact !== undefined) {
        // The slashless form of a prefix that ends in '/' (nginx would answer it with a 301).
        const want = contextForPath(`${exact}/`);
        const ownsPrefix = Object.values(CONTEXT_HTTP_PREFIXES).some((list) => (list as readonly string[]).includes(`${exact}/`));
        if (!ownsPrefix || hosts.length !== 1 || hosts[0] !== want)
          problems.push(
            `location = ${exact} proxies to [${hosts.join(', ')}], but it is not the slashless form of ${want ?? 'any'}'s prefix`,
          );
      } else if (location.args[0] === '~') {
        const owner = Object.entries(CONTEXT_HTTP_PATTERNS).find(([, patterns]) => patterns?.includes(location.args[1]!))?.[0];
        if (hosts.length !== 1 || hosts[0] !== owner)
          problems.push(
            `location ~ ${location.args[1]} proxies to [${hosts.join(', ')}], but CONTEXT_HTTP_PATTERNS gives it to ${owner ?? 'no context'}`,
          );
      } else problems.push(`${describeLocation(location)} proxies, but is neither a ^~ prefix nor a ~ pattern of the tables`);
    }
    expect(problems).toEqual([]);
  });

  it('answers the slashless form of every prefix that ends in "/" (no 301 for /api/core/chargingPlans)', () => {
    const problems: string[] = [];
    for (const ctx of BUILT)
      for (const prefix of CONTEXT_HTTP_PREFIXES[ctx as HttpContext]) {
        if (!prefix.endsWith('/') || prefix.startsWith('/internal/')) continue;
        const bare = prefix.slice(0, -1);
        const chosen = selectLocation(nginx.locations, bare);
        const hosts = hostsOf(chosen);
        if (chosen?.args[0] !== '=' || hosts.length !== 1 || hosts[0] !== ctx)
          problems.push(
            `${bare} is answered by ${describeLocation(chosen)} -> [${hosts.join(', ')}], expected "location = ${bare}" to ${ctx}`,
          );
      }
    expect(problems).toEqual([]);
  });

  it('lists the contexts not deployed yet, with their prefixes and patterns, in a comment', () => {
    const text = read(NGINX_TEMPLATE);
    const lines = text.split('\n');
    const start = lines.findIndex((l) => /^\s*# ---- not deployed yet ----/.test(l));
    expect(start).toBeGreaterThanOrEqual(0);
    const listed = new Map<string, string[]>();
    for (const line of lines.slice(start + 1)) {
      if (!/^\s*#/.test(line)) break;
      const m = /^\s*#\s+([a-z]+):\s+(\S.*)$/.exec(line);
      if (m && (CONTEXTS as readonly string[]).includes(m[1]!)) listed.set(m[1]!, m[2]!.trim().split(/\s+/));
    }
    const expected = new Map<string, string[]>(
      UNBUILT.map((ctx) => [
        ctx,
        [
          ...CONTEXT_HTTP_PREFIXES[ctx as HttpContext].filter((p) => !p.startsWith('/internal/')),
          ...(CONTEXT_HTTP_PATTERNS[ctx as HttpContext] ?? []),
        ],
      ]),
    );
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(expected));
  });

  it('keeps /internal/ (service-to-service) off the edge', () => {
    const problems: string[] = [];
    const internal = Object.values(CONTEXT_HTTP_PREFIXES)
      .flat()
      .filter((p) => p.startsWith('/internal/'));
    for (const prefix of [...internal, '/internal/anything']) {
      const chosen = selectLocation(nginx.locations, `${prefix}x`);
      if (proxyTargets(nginx, chosen).length > 0) problems.push(`${prefix} is proxied by ${describeLocation(chosen)}`);
      const code = children(chosen, 'return')[0]?.args[0];
      if (code !== '404' && code !== '403') problems.push(`${prefix}x is answered by ${describeLocation(chosen)} without a 404/403`);
    }
    expect(problems).toEqual([]);
  });

  it('routes the kernel (health, readiness, the OpenAPI document, dead letters) to any process, and unknown /api paths to a 404', () => {
    const problems: string[] = [];
    const api = upstreamHosts(nginx, 'api');
    if ([...api].sort().join() !== [...BUILT].sort().join())
      problems.push(`upstream api has [${api.join(', ')}], expected every built context`);
    for (const path of [
      '/health',
      '/ready',
      '/api/docs',
      '/admin-api/dead-letters',
      '/admin-api/dead-letters/identity.1/replay',
      '/admin-api/nothing',
    ]) {
      const targets = proxyTargets(nginx, selectLocation(nginx.locations, path));
      if (targets.join() !== 'api') problems.push(`${path} goes to [${targets.join(', ')}], expected the api group`);
    }
    for (const ctx of BUILT) {
      const chosen = selectLocation(nginx.locations, `/ready/${ctx}`);
      const pass = children(chosen, 'proxy_pass')[0]?.args[0];
      const m = chosen ? regexOf(chosen)?.exec(`/ready/${ctx}`) : null;
      if (!m || pass?.replace('$1', m[1]!) !== `http://${ctx}/ready` || !nginx.upstreams.has(ctx))
        problems.push(`/ready/${ctx} is not proxied to ${ctx}'s /ready (${describeLocation(chosen)})`);
    }
    const unknown = selectLocation(nginx.locations, '/api/nothing/here');
    if (proxyTargets(nginx, unknown).length > 0 || children(unknown, 'return')[0]?.args[0] !== '404') {
      problems.push(`/api/nothing/here is answered by ${describeLocation(unknown)}, expected a 404`);
    }
    expect(problems).toEqual([]);
  });

  it('serves the consoles with SPA fallbacks to their index.html', () => {
    const problems: string[] = [];
    const cases: [string, string][] = [
      ['/catalogo/vehiculo/123', '/index.html'],
      ['/admin/', '/admin/index.html'],
      ['/admin/users/42', '/admin/index.html'],
    ];
    for (const [path, fallback] of cases) {
      const chosen = selectLocation(nginx.locations, path);
      const tryFiles = children(chosen, 'try_files')[0]?.args ?? [];
      if (!tryFiles.includes(fallback))
        problems.push(`${path} is answered by ${describeLocation(chosen)} without falling back to ${fallback}`);
      if (proxyTargets(nginx, chosen).length > 0) problems.push(`${path} is proxied instead of served`);
    }
    expect(problems).toEqual([]);
  });

  it("allows the customer console's one inline script (its first paint) by its hash, and no other inline script", () => {
    const chosen = selectLocation(nginx.locations, '/catalogo/page/results');
    const csp = children(chosen, 'add_header').find((h) => h.args[0] === 'Content-Security-Policy')?.args[1] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1].trim();
    expect(scriptSrc).toBe(`'self' ${SHELL_SCRIPT_CSP}`);
  });
});

describe('Dockerfile', () => {
  it('builds on node:24-bookworm-slim with npm ci and npm run build, and runs as a non-root user', () => {
    const problems: string[] = [];
    if (!finalStage) throw new Error('Dockerfile has no FROM');
    const all = dockerStages.flatMap((s) => s.instructions);
    const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args);
    if (baseImage(dockerStages, finalStage) !== 'node:24-bookworm-slim') {
      problems.push(`the final stage runs on ${baseImage(dockerStages, finalStage)}, expected node:24-bookworm-slim`);
    }
    if (!runs.some((r) => /\bnpm ci\b/.test(r))) problems.push('no RUN npm ci');
    if (!runs.some((r) => /\bnpm run build\b/.test(r))) problems.push('no RUN npm run build');
    const user = finalStage.instructions
      .filter((i) => i.op === 'USER')
      .at(-1)
      ?.args.trim();
    if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`the final stage runs as ${user ?? 'root (no USER)'}`);
    for (const [name, service] of Object.entries(services)) {
      const target = buildOf(service)?.target;
      if (target && !dockerStages.some((s) => s.name === target))
        problems.push(`${name} builds target "${target}", which the Dockerfile does not define`);
    }
    expect(problems).toEqual([]);
  });

  it('starts services/app/dist/main.js, which the build makes from services/app/src/main.ts', () => {
    const cmd = finalStage?.instructions.filter((i) => i.op === 'CMD').at(-1)?.args;
    expect(cmd && JSON.parse(cmd)).toEqual(['node', 'services/app/dist/main.js']);
    expect(distFileProblem('services/app/dist/main.js')).toBeUndefined();
  });

  it('runs only built files that exist in compose commands', () => {
    const problems: string[] = [];
    for (const [name, service] of appServices) {
      const command = commandOf(service);
      if (command?.[0] !== 'node') continue;
      const problem = distFileProblem(command[1] ?? '');
      if (problem) problems.push(`${name}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps node_modules and dist out of the build context', () => {
    const ignored = read('.dockerignore')
      .split(/\r?\n/)
      .map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist']));
  });
});

describe('infra/postgres/init.sql', () => {
  it('creates the tuerca database when it does not exist yet', () => {
    expect(read('infra/postgres/init.sql')).toMatch(/CREATE DATABASE tuerca[\s\S]*WHERE NOT EXISTS/i);
  });
});
