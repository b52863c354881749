import type { Provider } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG } from '../module/tokens.js';
import { ConfigError, type AppConfig } from './config.js';

/**
 * A context's own configuration: the variables only it reads, parsed by its own schema from the same
 * environment the kernel's configuration came from. The kernel keeps only what every context uses; the
 * composition root checks every chosen context's configuration at start-up (one message naming the
 * variable), and docker-compose is checked against the union of the schemas.
 */
export interface ContextConfigDefinition<S extends z.ZodObject = z.ZodObject> {
  readonly context: string;
  readonly schema: S;
  /** Rules across variables (e.g. a secret that must be set in production). */
  readonly refine?: (config: z.infer<S>, env: { NODE_ENV: AppConfig['NODE_ENV'] }) => string[];
  /** Nest injection token: `@Inject(garageConfig.token) config: GarageConfig`. */
  readonly token: symbol;
}

export type ConfigOf<D extends ContextConfigDefinition> = z.infer<D['schema']>;

export function defineContextConfig<S extends z.ZodObject>(
  context: string,
  schema: S,
  refine?: ContextConfigDefinition<S>['refine'],
): ContextConfigDefinition<S> {
  return { context, schema, refine, token: Symbol(`${context}.config`) };
}

/** Parses a context's configuration from an environment; a bad variable throws a ConfigError naming it. */
export function loadContextConfig<D extends ContextConfigDefinition>(
  definition: D,
  env: Record<string, string | undefined>,
  nodeEnv: AppConfig['NODE_ENV'] = 'development',
): ConfigOf<D> {
  const keys = Object.keys(definition.schema.shape);
  const input = Object.fromEntries(Object.entries(env).filter(([k, v]) => keys.includes(k) && v !== undefined && v !== ''));
  const parsed = definition.schema.safeParse(input);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'} ${i.message}`));
  const problems = definition.refine?.(parsed.data as ConfigOf<D>, { NODE_ENV: nodeEnv }) ?? [];
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed.data as ConfigOf<D>;
}

/** The provider of a context's configuration, parsed from the environment the process was configured with. */
export function contextConfigProvider(definition: ContextConfigDefinition): Provider {
  return {
    provide: definition.token,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => loadContextConfig(definition, config.env, config.NODE_ENV),
  };
}
