import { Injectable } from '@nestjs/common';
import {
  APP_PARAMETERS,
  AppParameterChanged,
  defaultAppParameters,
  isAppParameterName,
  type AppParameterName,
  type AppParameters,
} from '@tuerca/contracts';
import { ContextDatabase, NotFoundError, parseInput, recordEvent, type Visitor, actorOf } from '@tuerca/platform';

const CACHE_TTL_MS = 5000;

/**
 * App parameters: defaults in code (contracts), operators' values in `app_parameters`. Read often on
 * the metering path, so cached per process for a few seconds; a change here clears this process's cache.
 */
@Injectable()
export class AppParametersService {
  private cache: { at: number; value: AppParameters } | null = null;

  constructor(private readonly db: ContextDatabase) {}

  async all(): Promise<AppParameters> {
    if (this.cache && Date.now() - this.cache.at < CACHE_TTL_MS) return this.cache.value;
    const rows = await this.db.em().execute<{ name: string; value: unknown }[]>('select name, value from app_parameters');
    const value = defaultAppParameters() as Record<string, unknown>;
    for (const r of rows) if (isAppParameterName(r.name)) value[r.name] = r.value;
    this.cache = { at: Date.now(), value: value as AppParameters };
    return this.cache.value;
  }

  async set(name: string, raw: unknown, by: Visitor): Promise<AppParameters[AppParameterName]> {
    if (!isAppParameterName(name)) throw new NotFoundError();
    const value = parseInput(APP_PARAMETERS[name].schema, raw);
    const changedBy = by.user?.id ?? 'system';
    await this.db.transactional(async (em) => {
      const prev = await em.execute<{ value: unknown }[]>('select value from app_parameters where name = ? for update', [name]);
      const previous = prev[0]?.value ?? APP_PARAMETERS[name].default;
      await em.execute(
        `insert into app_parameters (name, value, updated_at, updated_by) values (?, ?::jsonb, now(), ?)
         on conflict (name) do update set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`,
        [name, JSON.stringify(value), changedBy],
      );
      await em.execute('insert into app_parameter_changes (name, value, previous, changed_by) values (?, ?::jsonb, ?::jsonb, ?)', [
        name,
        JSON.stringify(value),
        JSON.stringify(previous),
        changedBy,
      ]);
      recordEvent(em, AppParameterChanged, { name, value, previous, changedBy }, { aggregateId: name, actor: actorOf(by) });
      await em.flush();
    });
    this.cache = null;
    return value as AppParameters[AppParameterName];
  }

  async history(name?: string, limit = 100) {
    return this.db.em().execute<{ id: string; name: string; value: unknown; previous: unknown; changed_by: string; changed_at: Date }[]>(
      `select id, name, value, previous, changed_by, changed_at from app_parameter_changes
         ${name ? 'where name = ?' : ''} order by changed_at desc, id desc limit ?`,
      name ? [name, limit] : [limit],
    );
  }

  /** Tests and operators' tools: forget the cached values now. */
  invalidate(): void {
    this.cache = null;
  }
}
