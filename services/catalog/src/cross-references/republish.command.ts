import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { t, type Actor, type RepublishProgress, type RepublishStatus } from '@tuerca/contracts';
import { Jobs, NotFoundError } from '@tuerca/platform';
import { RepublishCrossReferencesJob } from './republish.js';

/** Queues a republication of every OEM number's cross-references; answers the job's id. */
export class StartRepublish extends Command<string> {
  constructor(
    readonly batchSize: number,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(StartRepublish)
export class StartRepublishHandler implements ICommandHandler<StartRepublish> {
  constructor(private readonly jobs: Jobs) {}

  async execute({ batchSize, actor }: StartRepublish): Promise<string> {
    // BullMQ job ids may not contain ':'.
    const jobId = `republish-${randomUUID()}`;
    await this.jobs.schedule(RepublishCrossReferencesJob, { batchSize, actor }, { jobId, attempts: 3 });
    return jobId;
  }
}

/** How far a republication got; 404 in Spanish for a job that does not exist. */
export class GetRepublishStatus extends Query<RepublishStatus> {
  constructor(readonly jobId: string) {
    super();
  }
}

@QueryHandler(GetRepublishStatus)
export class GetRepublishStatusHandler implements IQueryHandler<GetRepublishStatus> {
  constructor(private readonly jobs: Jobs) {}

  async execute({ jobId }: GetRepublishStatus): Promise<RepublishStatus> {
    const status = await this.jobs.status(RepublishCrossReferencesJob, jobId);
    if (!status) throw new NotFoundError(t('crossReferences.jobNotFound', { jobId }));
    const p = status.progress as Partial<RepublishProgress> | number | undefined;
    const progress: RepublishProgress =
      typeof p === 'object' && p
        ? { oems: p.oems ?? 0, batches: p.batches ?? 0, lastOem: p.lastOem ?? null, done: p.done ?? false }
        : { oems: 0, batches: 0, lastOem: null, done: false };
    return { jobId, state: status.state, progress, attemptsMade: status.attemptsMade, failedReason: status.failedReason };
  }
}
