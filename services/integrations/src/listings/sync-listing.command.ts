import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { t } from '@tuerca/contracts';
import { Clock, ContextDatabase, LOGGER, kysely, type Logger } from '@tuerca/platform';
import { sql } from 'kysely';
import { integrationsConfig, type IntegrationsConfig } from '../integrations.config.js';
import type { IntegrationsDB } from '../integrations.database.js';
import { MlPublisher } from '../mercadolibre/ml-publisher.js';
import { MerchantPublisher } from '../merchant/merchant-publisher.js';
import { OutsideServiceError } from './outside-errors.js';
import type { SyncOutcome } from './sync-outcome.js';

/** One sync of one listing with its channel (a BullMQ job's work). */
export class SyncListing extends Command<void> {
  constructor(readonly listingId: string) {
    super();
  }
}

/**
 * Sends a listing's desired state to its channel, outside any request. The row says what is wanted; the
 * outcome is written only if nobody made the listing due again meanwhile (`sync_due_at` unchanged), else the
 * next alarm sends the newer state. A transient failure (429, 5xx, the network) is counted and thrown so
 * BullMQ retries with back-off; a refusal, or the last attempt, marks the listing 'error' with the reason.
 */
@CommandHandler(SyncListing)
export class SyncListingHandler implements ICommandHandler<SyncListing> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly ml: MlPublisher,
    private readonly merchant: MerchantPublisher,
    @Inject(integrationsConfig.token) private readonly config: IntegrationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ listingId }: SyncListing): Promise<void> {
    const k = kysely<IntegrationsDB>(this.db.em());
    const listing = await k.selectFrom('ChannelListing').selectAll().where('id', '=', listingId).executeTakeFirst();
    if (!listing || !listing.syncDueAt) return;
    // The alarm may fire early (a sweep arms duties due soon); the row's clock decides.
    if (listing.syncDueAt.getTime() > this.clock.now().getTime() + 1000) return;
    const due = listing.syncDueAt;
    let outcome: SyncOutcome;
    try {
      outcome = listing.channel === 'mercadolibre' ? await this.ml.sync(listing) : await this.merchant.sync(listing);
    } catch (err) {
      const outside = err instanceof OutsideServiceError ? err : null;
      const transient = outside ? outside.transient : false;
      const attempts = listing.attempts + 1;
      const last = !transient || attempts >= this.config.INTEGRATIONS_MAX_ATTEMPTS;
      const reason = reasonOf(listing.channel, err);
      await k
        .updateTable('ChannelListing')
        .set({
          attempts: sql<number>`attempts + 1`,
          lastError: reason,
          updatedAt: this.clock.now(),
          ...(last ? { status: 'error' as const, syncDueAt: null } : {}),
        })
        .where('id', '=', listingId)
        .where('syncDueAt', '=', due)
        .execute();
      if (last) {
        this.logger.warn({ listing: listingId, err: reason }, 'channel listing failed');
        return;
      }
      throw err;
    }
    const now = this.clock.now();
    await k
      .updateTable('ChannelListing')
      .set({
        status: outcome.status,
        externalId: outcome.externalId,
        ...(outcome.compatibilities !== undefined ? { compatibilities: outcome.compatibilities } : {}),
        ...(outcome.desiredStatus ? { desiredStatus: outcome.desiredStatus } : {}),
        attempts: 0,
        lastError: null,
        syncDueAt: null,
        syncedAt: now,
        updatedAt: now,
      })
      .where('id', '=', listingId)
      .where('syncDueAt', '=', due)
      .execute();
  }
}

/** The reason a seller reads, in Spanish, with the provider's own words. */
function reasonOf(channel: string, err: unknown): string {
  if (err instanceof OutsideServiceError) {
    if (err.detail === 'not_connected') return t('integrations.ml.notConnected');
    if (err.detail === 'no_compatibilities') return t('integrations.ml.noCompatibilities');
    if (err.unauthorized) return t('integrations.ml.tokenRefused');
    const key =
      channel === 'mercadolibre'
        ? err.transient
          ? 'integrations.ml.unreachable'
          : 'integrations.ml.refused'
        : err.transient
          ? 'integrations.gmc.unreachable'
          : 'integrations.gmc.refused';
    return t(key, { detail: `${err.status || 'sin respuesta'} ${err.detail}`.trim() });
  }
  return err instanceof Error ? err.message : String(err);
}
