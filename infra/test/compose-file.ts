/**
 * docker-compose.yml as compose reads it: YAML with merge keys, each service's environment interpolated
 * (`${X:-default}`, `${X:?message}`). Shared by the compose test (the file against the code) and the topology
 * test (the file's services started as processes).
 */
import { readFileSync } from 'node:fs';
import YAML from 'yaml';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

export interface ComposeBuild {
  context?: string;
  dockerfile?: string;
  target?: string;
}
export interface ComposeService {
  image?: string;
  build?: string | ComposeBuild;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: unknown[];
  volumes?: unknown[];
  restart?: string;
  profiles?: string[];
}
export interface Compose {
  services: Record<string, ComposeService>;
}

export function loadCompose(file = 'docker-compose.yml'): Compose {
  const doc = YAML.parseDocument(read(file), { merge: true });
  if (doc.errors.length > 0) {
    throw new Error(`docker-compose.yml is not valid YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  const compose = doc.toJS({ maxAliasCount: -1 }) as Compose;
  if (!compose?.services || typeof compose.services !== 'object') throw new Error('docker-compose.yml has no services');
  return compose;
}

/** The value compose would give a variable it interpolates and that is not set in the test. */
export const REQUIRED_TEST_VALUE = 'compose-spec-test-value-0123456789abcdef';

export interface Interpolated {
  value: string;
  /** Names of the variables the value interpolates (`${NAME...}` or `$NAME`). */
  names: string[];
}

/** Compose interpolation: the variables `vars` sets, else defaults apply and required variables get a test value. */
export function interpolate(raw: string, vars: Record<string, string | undefined> = {}): Interpolated {
  const names: string[] = [];
  const value = raw.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced?: string, op?: string, arg?: string, bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare)!;
      names.push(name);
      // What the environment (compose: the shell and .env) gives, when the caller passes it.
      const set = vars[name];
      if (set !== undefined && (set !== '' || !op?.startsWith(':'))) return op === ':+' || op === '+' ? (arg ?? '') : set;
      if (op === ':-' || op === '-') return arg ?? '';
      if (op === ':?' || op === '?') return REQUIRED_TEST_VALUE;
      return ''; // unset: `${X}`, `$X`, `${X:+alt}`
    },
  );
  return { value, names };
}

export interface EnvEntry {
  raw: string | undefined;
  value: string | undefined;
  names: string[];
}

/** A service's environment as compose passes it to the container (list or map form). */
export function environmentOf(service: ComposeService, vars: Record<string, string | undefined> = {}): Map<string, EnvEntry> {
  const env = new Map<string, EnvEntry>();
  const add = (key: string, raw: unknown) => {
    if (raw === null || raw === undefined) {
      env.set(key, { raw: undefined, value: undefined, names: [key] }); // passed through from the host
      return;
    }
    const text = String(raw);
    const { value, names } = interpolate(text, vars);
    env.set(key, { raw: text, value, names });
  };
  const { environment } = service;
  if (Array.isArray(environment)) {
    for (const item of environment) {
      const [key, ...rest] = String(item).split('=');
      add(key!, rest.length > 0 ? rest.join('=') : undefined);
    }
  } else if (environment) {
    for (const [key, raw] of Object.entries(environment)) add(key, raw);
  }
  return env;
}
