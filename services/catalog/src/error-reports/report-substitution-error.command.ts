import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { Actor, reportSubstitutionErrorBodySchema } from '@tuerca/contracts';
import { Clock, ContextDatabase, kysely } from '@tuerca/platform';
import type { CatalogDB } from '../catalog.database.js';

/** 'Reportar un error' (spec 001 §2 substitutions panel): kept for operators, who resolve it in the console. */
export class ReportSubstitutionError extends Command<string> {
  constructor(
    readonly body: z.infer<typeof reportSubstitutionErrorBodySchema>,
    readonly reporter: Actor,
  ) {
    super();
  }
}

@CommandHandler(ReportSubstitutionError)
export class ReportSubstitutionErrorHandler implements ICommandHandler<ReportSubstitutionError> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  async execute({ body, reporter }: ReportSubstitutionError): Promise<string> {
    const id = randomUUID();
    await kysely<CatalogDB>(this.db.em())
      .insertInto('ErrorReport')
      .values({
        id,
        errorMessage: body.errorMessage,
        reference: body.reference ?? null,
        url: body.url ?? null,
        reporterKind: reporter.kind === 'user' ? 'user' : 'guest',
        reporterId: reporter.id,
        createdAt: this.clock.now(),
      })
      .execute();
    return id;
  }
}
