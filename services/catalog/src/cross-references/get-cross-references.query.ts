import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { normalizeReference, type CrossReferenceList } from '@tuerca/contracts';
import { ContextDatabase } from '@tuerca/platform';
import { rowsOf } from './cross-references.store.js';
import { viewOf } from './cross-references.rules.js';

/** The cross-references of one OEM number, written with or without separators. */
export class GetCrossReferences extends Query<CrossReferenceList> {
  constructor(readonly oem: string) {
    super();
  }
}

@QueryHandler(GetCrossReferences)
export class GetCrossReferencesHandler implements IQueryHandler<GetCrossReferences> {
  constructor(private readonly db: ContextDatabase) {}

  async execute({ oem }: GetCrossReferences): Promise<CrossReferenceList> {
    const oemNormalized = normalizeReference(oem);
    return viewOf(oem, oemNormalized, await rowsOf(this.db.em(), [oemNormalized]));
  }
}
