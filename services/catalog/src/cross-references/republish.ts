import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Actor, RepublishProgress } from '@tuerca/contracts';
import { ContextDatabase, Jobs, defineJob, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { CATALOG_ACTOR, listsOf, lockCrossReferences, recordLists, rowsOf } from './cross-references.store.js';

export const CATALOG_QUEUE = 'catalog';

/** Records CrossReferencesPublished for every OEM number of the catalogue (see republishCrossReferences). */
export const RepublishCrossReferencesJob = defineJob<{ batchSize: number; actor: Actor }>(CATALOG_QUEUE, 'republish-cross-references');

export interface RepublishOptions {
  /** OEM numbers per batch: one transaction, one event per OEM number. */
  batchSize: number;
  /** Resume after this normalised OEM number (a retried job goes on where it stopped). */
  after?: string | null;
  actor?: Actor;
  /** Called after each committed batch. */
  onBatch?: (progress: RepublishProgress) => Promise<void> | void;
}

/**
 * Records CrossReferencesPublished for every OEM number that has cross-references: the way to rebuild
 * the marketplace's copy after its tables are reset. Streams the OEM numbers in keyset order, one
 * transaction per batch of `batchSize` numbers, never holding more than a batch's rows.
 */
export async function republishCrossReferences(db: ContextDatabase, options: RepublishOptions): Promise<RepublishProgress> {
  const batchSize = Math.max(1, Math.floor(options.batchSize));
  const progress: RepublishProgress = { oems: 0, batches: 0, lastOem: options.after ?? null, done: false };
  for (;;) {
    const published = await db.transactional(async (em) => {
      await lockCrossReferences(em);
      const oems = (
        await kysely<CatalogDB>(em)
          .selectFrom('CrossReference')
          .select('oemNormalized')
          .distinct()
          .where('oemNormalized', '>', progress.lastOem ?? '')
          .orderBy('oemNormalized')
          .limit(batchSize)
          .execute()
      ).map((r) => r.oemNormalized);
      if (oems.length === 0) return [];
      recordLists(em, listsOf(await rowsOf(em, oems), oems), { actor: options.actor ?? CATALOG_ACTOR, occurredAt: new Date() });
      return oems;
    });
    if (published.length === 0) break;
    progress.oems += published.length;
    progress.batches += 1;
    progress.lastOem = published[published.length - 1]!;
    await options.onBatch?.({ ...progress });
    if (published.length < batchSize) break;
  }
  progress.done = true;
  await options.onBatch?.({ ...progress });
  return progress;
}

/** Runs republications as BullMQ jobs (StartRepublish schedules them, GetRepublishStatus reads their progress). */
@Injectable()
export class CrossReferencesRepublisher implements OnModuleInit {
  constructor(
    private readonly db: ContextDatabase,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(RepublishCrossReferencesJob, async ({ batchSize, actor }, job) => {
      const before = job.progress as Partial<RepublishProgress> | number | undefined;
      const resumed = typeof before === 'object' && before && !before.done ? before : null;
      await republishCrossReferences(this.db, {
        batchSize,
        actor,
        after: resumed?.lastOem ?? null,
        onBatch: async (p) => {
          // A retried attempt carries on counting from where the failed one stopped.
          await job.updateProgress({ ...p, oems: p.oems + (resumed?.oems ?? 0), batches: p.batches + (resumed?.batches ?? 0) });
        },
      });
    });
  }
}
