import { Injectable } from '@nestjs/common';
import { defaultAppParameters, isAppParameterName, type AppParameters } from '@tuerca/contracts';
import { ContextDatabase, kysely } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';

const CACHE_TTL_MS = 5000;

/**
 * The app parameters as handlers read them: defaults in code (contracts), operators' values in
 * `app_parameters`. Read on every metered lookup, so cached per process for a few seconds; a change made in
 * this process clears the cache at once (SetAppParameter), other processes follow within the TTL.
 */
@Injectable()
export class AppParametersService {
  private cache: { at: number; value: AppParameters } | null = null;

  constructor(private readonly db: ContextDatabase) {}

  async all(): Promise<AppParameters> {
    if (this.cache && Date.now() - this.cache.at < CACHE_TTL_MS) return this.cache.value;
    const rows = await kysely<BillingDB>(this.db.em()).selectFrom('AppParameter').select(['name', 'value']).execute();
    const value = defaultAppParameters() as Record<string, unknown>;
    for (const r of rows) if (isAppParameterName(r.name)) value[r.name] = r.value;
    this.cache = { at: Date.now(), value: value as AppParameters };
    return this.cache.value;
  }

  /** Forget the cached values now (after a change in this process; tests). */
  invalidate(): void {
    this.cache = null;
  }
}
