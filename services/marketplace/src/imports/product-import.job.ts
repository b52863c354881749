import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Jobs, defineJob } from '@tuerca/platform';
import { RunProductImport } from './run-product-import.command.js';

/** Reads, validates and writes one uploaded spreadsheet (job id `product-import-<importId>`: one job per import). */
export const ProductImportJob = defineJob<{ importId: string }>('marketplace', 'product-import');

/** Attempts before an import that keeps failing for reasons outside the file is rejected as failed. */
export const PRODUCT_IMPORT_ATTEMPTS = 3;

export const productImportJobId = (importId: string) => `product-import-${importId}`;

/**
 * The alarm clock of a queued import (the row is the duty): the job runs RunProductImport in the worker
 * role, off the request path, reporting progress to BullMQ as well as to the row.
 */
@Injectable()
export class ProductImportJobHandler implements OnModuleInit {
  constructor(
    private readonly jobs: Jobs,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(ProductImportJob, async ({ importId }, job) => {
      const attempts = job.opts.attempts ?? 1;
      await this.commands.execute(
        new RunProductImport(importId, {
          lastAttempt: job.attemptsMade + 1 >= attempts,
          onProgress: (progress) => job.updateProgress(progress),
        }),
      );
    });
  }
}
