import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ErrorCodes,
  MAX_MANY_REFERENCES,
  t,
  type ManySubstitutionsQuery,
  type MeterStatus,
  type Success,
  METERING_PORT,
  type Metering,
} from '@tuerca/contracts';
import { DomainError, Page, ValidationError, ok, type Visitor } from '@tuerca/platform';
import { SearchRecorder } from '../searches/search-recorder.js';
import { SubstitutionsReader } from './substitutions.reader.js';
import { normalizeReference, type SubstitutionGroup } from './substitutions.rules.js';
import { meterSubjectOf, substitutionsQuota } from './metered-substitutions.js';

export function referenceOrThrow(raw: string): string {
  const reference = normalizeReference(raw);
  if (!reference)
    throw new DomainError(
      400,
      ErrorCodes.VALIDATION_FAILED,
      [t('search.enterPartNumberShort')],
      [{ path: 'oem', message: t('search.enterPartNumberShort') }],
    );
  return reference;
}

/** getSubstitutions (spec 000 §7): metered, charged only when something is found. */
export class GetSubstitutions extends Command<Success<SubstitutionGroup[]>> {
  constructor(
    readonly visitor: Visitor,
    readonly raw: string,
  ) {
    super();
  }
}

/** getManySubstitutions: a page of groups for up to MAX_MANY_REFERENCES references, each metered as one lookup. */
export class GetManySubstitutions extends Command<Page<SubstitutionGroup>> {
  constructor(
    readonly visitor: Visitor,
    readonly query: ManySubstitutionsQuery,
  ) {
    super();
  }
}

@CommandHandler(GetSubstitutions)
export class GetSubstitutionsHandler implements ICommandHandler<GetSubstitutions> {
  constructor(
    private readonly reader: SubstitutionsReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly searches: SearchRecorder,
  ) {}

  async execute({ visitor, raw }: GetSubstitutions) {
    const started = Date.now();
    const reference = referenceOrThrow(raw);
    const who = meterSubjectOf(visitor);
    // One metering round trip per lookup (issue 21): the groups are read first (nothing is shown yet), then a
    // lookup that found something is consumed — consume decides from the same snapshot authorize reads and
    // answers the same 401s, and a repeat within the 12-hour window is answered from that snapshot with no
    // lock and no write; one that found nothing is only authorized (its 401s before its 404).
    const groups = await this.reader.substitutions(reference);
    const consumed =
      groups.length > 0
        ? await this.metering.consume({ kind: 'substitutions', who, subject: reference, requestId: visitor.requestId })
        : (await this.metering.authorize({ kind: 'substitutions', who, subject: reference }), null);
    this.searches.record(visitor, {
      kind: 'substitutions',
      query: reference,
      catalogCode: null,
      resultCount: groups.length,
      started,
    });
    // spec 000 §1: no consultation is deducted when nothing is found.
    if (!consumed)
      throw new DomainError(404, ErrorCodes.NOT_FOUND, [t('search.partNumberNotRegistered', { n: raw.trim() }), t('search.checkSpelling')]);
    return ok(groups, { ...substitutionsQuota(consumed.status), chargedFrom: consumed.chargedFrom });
  }
}

@CommandHandler(GetManySubstitutions)
export class GetManySubstitutionsHandler implements ICommandHandler<GetManySubstitutions> {
  constructor(
    private readonly reader: SubstitutionsReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
    private readonly searches: SearchRecorder,
  ) {}

  async execute({ visitor, query }: GetManySubstitutions) {
    const started = Date.now();
    const raw = query.filter.references;
    const list = Array.isArray(raw) ? raw.filter((r): r is string => typeof r === 'string') : [];
    const references = [...new Set(list.map(normalizeReference).filter((r) => r.length > 0))];
    if (references.length === 0 || references.length > MAX_MANY_REFERENCES)
      throw new ValidationError(
        [t('substitutions.referencesRequired')],
        [{ path: 'filter.references', message: t('substitutions.referencesRequired') }],
      );
    const who = meterSubjectOf(visitor);
    for (const subject of references) await this.metering.authorize({ kind: 'substitutions', who, subject });
    const all: SubstitutionGroup[] = [];
    let status: MeterStatus | null = null;
    for (const subject of references) {
      const groups = await this.reader.substitutions(subject);
      if (groups.length === 0) continue;
      all.push(...groups);
      status = (await this.metering.consume({ kind: 'substitutions', who, subject, requestId: visitor.requestId })).status;
    }
    this.searches.record(visitor, {
      kind: 'substitutions',
      query: references.join(',').slice(0, 200),
      catalogCode: null,
      resultCount: all.length,
      started,
    });
    const from = query.page * query.pageSize;
    return new Page(all.slice(from, from + query.pageSize), all.length, query, status ? substitutionsQuota(status) : {});
  }
}
