import { tmpdir } from 'node:os';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';

/** Every context the composition root can boot; DESIGN.md §1. */
export const CONTEXTS = [
  'identity',
  'catalog',
  'billing',
  'marketplace',
  'garage',
  'agenda',
  'notifications',
  'analytics',
  'integrations',
] as const;
export type ContextName = (typeof CONTEXTS)[number];

const csv = (allowed: readonly string[]) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((s) => allowed.includes(s)), {
      message: `must be "all" or a comma-separated list of: ${allowed.join(', ')}`,
    });

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for ranges, besides literal addresses and CIDRs. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * The proxies whose forwarding headers (X-Forwarded-For) are believed: a comma-separated list of addresses,
 * CIDRs or `loopback` / `linklocal` / `uniquelocal`. Anyone else's X-Forwarded-For is ignored, so a client
 * cannot pick the address that per-address limits count. `true` (believe anyone) is refused on purpose.
 */
const proxyList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine(
    (list) =>
      list.every((s) => {
        const [address, bits, ...rest] = s.split('/');
        if (PROXY_RANGES.includes(s)) return true;
        const version = isIP(address ?? '');
        if (version === 0 || rest.length > 0) return false;
        return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
      }),
    { message: 'must list proxy addresses, CIDRs or loopback/linklocal/uniquelocal, separated by commas' },
  );

/**
 * The whole process configuration, parsed from the environment once at start-up.
 * Every variable the product reads is named here (docker-compose.yml is checked against this list).
 */
const configObject = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/tuerca'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/i)
    .default('tuerca'),
  EVENT_BUS: z.enum(['postgres', 'kafka']).default('postgres'),
  KAFKA_BROKERS: z.string().optional(),
  KAFKA_CLIENT_ID: z.string().default('tuerca'),
  /** Consumer-group session timeout; a member silent this long is replaced (rebalance). */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(3000).max(300000).default(6000),
  SERVICES: z.union([z.literal('all'), csv(CONTEXTS)]).default('all'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /** ROLE=worker serves no API; its /health and /ready answer on this port (the orchestrator's probe). */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default('dev-only-session-secret-change-me-0123456789'),
  COOKIE_SECURE: bool.optional(),
  /** The reverse proxies in front of this process (docker-compose: its nginx); unset, no forwarding header is believed. */
  TRUST_PROXY: proxyList.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Check every JSON answer against its route contract's response schema (tests turn it on; a mismatch is a 500). */
  VALIDATE_RESPONSES: bool.default(false),
  MIGRATE_ON_START: bool.default(false),
  /** Base URL of the identity service when this process does not run it (resolving sessions). */
  IDENTITY_URL: z.url().optional(),
  /** How long a call to another context's internal route may take before the caller answers 503 'servicio intermitente'. */
  INTERNAL_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Shared secret for service-to-service calls (session resolution, other contexts' internal routes). */
  INTERNAL_TOKEN: z.string().min(16).default('dev-only-internal-token-0123456789'),
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
  /**
   * A relay or a postgres consumer group woken sooner than this after its last round waits out the rest, so what
   * commits meanwhile travels in the same batch (one transaction instead of one per event at 200 events a second;
   * issue 21). A quiet moment's first event goes at once.
   */
  OUTBOX_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(25),
  /** Tries of an event its handler refuses (poison) before it goes to the dead letters. */
  CONSUMER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** Longest wait between tries while a transient failure lasts (database or broker away); waits grow from 100 ms. */
  CONSUMER_MAX_BACKOFF_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Published outbox rows, the postgres log (never past the slowest group) and resolved dead letters are kept this long. */
  EVENT_RETENTION_DAYS: z.coerce.number().min(0.01).max(3650).default(7),
  /** Processed-event rows (consumers' idempotency) are kept this long; longer than the broker's own retention. */
  PROCESSED_EVENT_RETENTION_DAYS: z.coerce.number().min(0.01).max(3650).default(14),
  /** How often the retention job runs. */
  RETENTION_EVERY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Where the local-disk storage adapter keeps uploaded files (garage vehicle images); a volume in production. */
  STORAGE_DIR: z.string().min(1).default(join(tmpdir(), 'tuerca-uploads')),
  /** Folder holding the built consoles (customer/dist at /, admin/dist at /admin/); empty means the repo's consoles folder. 'off' disables serving them. */
  CONSOLES_DIR: z.string().optional(),
});

export const configSchema = configObject.superRefine((c, ctx) => {
  if (c.EVENT_BUS === 'kafka' && !c.KAFKA_BROKERS)
    ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required when EVENT_BUS=kafka' });
  if (c.NODE_ENV === 'production' && c.SESSION_SECRET.startsWith('dev-only'))
    ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
  if (c.NODE_ENV === 'production' && c.INTERNAL_TOKEN.startsWith('dev-only'))
    ctx.addIssue({ code: 'custom', path: ['INTERNAL_TOKEN'], message: 'must be set in production' });
});

export type AppConfig = Omit<z.infer<typeof configSchema>, 'SERVICES' | 'COOKIE_SECURE'> & {
  SERVICES: ContextName[];
  COOKIE_SECURE: boolean;
  /** The environment it was parsed from: each context parses its own variables from it (context-config.ts). */
  readonly env: Readonly<Record<string, string | undefined>>;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a bad or missing variable stops start-up with one message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const input = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in configObject.shape && v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'} ${i.message}`));
  }
  const c = parsed.data;
  return {
    ...c,
    SERVICES: c.SERVICES === 'all' ? [...CONTEXTS] : (c.SERVICES as ContextName[]),
    COOKIE_SECURE: c.COOKIE_SECURE ?? c.PUBLIC_URL.startsWith('https://'),
    env: { ...env },
  };
}

/** Every environment variable the product reads. */
export function configKeys(): string[] {
  return Object.keys(configObject.shape);
}
