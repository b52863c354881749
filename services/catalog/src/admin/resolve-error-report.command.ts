import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminReport } from '@tuerca/contracts';
import { Clock, ContextDatabase, NotFoundError, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';
import { REPORT_COLUMNS, toReport } from './admin-catalog.rules.js';

/** An operator marks a report resolved (who and when: the first time counts) or pending again. */
export class ResolveErrorReport extends Command<AdminReport> {
  constructor(
    readonly id: string,
    readonly resolved: boolean,
    readonly by: string,
  ) {
    super();
  }
}

@CommandHandler(ResolveErrorReport)
export class ResolveErrorReportHandler implements ICommandHandler<ResolveErrorReport> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ id, resolved, by }: ResolveErrorReport): Promise<AdminReport> {
    const update = kysely<CatalogDB>(this.db.em()).updateTable('ErrorReport').where('id', '=', id);
    const row = await (
      resolved
        ? update.set((eb) => ({
            resolvedAt: eb.fn.coalesce('resolvedAt', eb.val(this.clock.now())),
            resolvedBy: eb.fn.coalesce('resolvedBy', eb.val(by)),
          }))
        : update.set({ resolvedAt: null, resolvedBy: null })
    )
      .returning(REPORT_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toReport(row);
  }
}
