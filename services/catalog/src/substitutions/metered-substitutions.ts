import { Inject, Injectable } from '@nestjs/common';
import { type MeterStatus, type MeterSubject, METERING_PORT, type Metering } from '@tuerca/contracts';
import { DomainError, actorOf, type Visitor } from '@tuerca/platform';
import { SubstitutionsReader } from './substitutions.reader.js';
import type { SubstitutionGroup } from './substitutions.rules.js';

export function meterSubjectOf(visitor: Visitor): MeterSubject {
  const actor = actorOf(visitor);
  return { kind: actor.kind === 'user' ? 'user' : 'guest', id: actor.id };
}

/** spec 001 §3 "Quota metadata" of a substitutions answer. */
export function substitutionsQuota(status: MeterStatus) {
  return {
    searchesPerformed: status.searchesPerformed,
    consultationsAvailable: status.consultationsAvailable,
    generalInquiriesAvailable: status.generalInquiriesAvailable,
    loginPrompt: status.loginPrompt,
    freeRemaining: status.freeRemaining,
  };
}

/**
 * Substitutions shown inside an OEM answer are a substitutions consultation like any other: they appear only
 * when metering allows (else `denial` names the code and none are shown), and cost one only when found.
 */
@Injectable()
export class MeteredSubstitutions {
  constructor(
    private readonly reader: SubstitutionsReader,
    @Inject(METERING_PORT) private readonly metering: Metering,
  ) {}

  async within(visitor: Visitor, reference: string): Promise<{ groups: SubstitutionGroup[]; denial: string | null }> {
    const who = meterSubjectOf(visitor);
    // One metering round trip (issue 21): read first (nothing is shown yet); found → consume, which denies as
    // status would; nothing found → status, only for the denial the answer names.
    const groups = await this.reader.substitutions(reference);
    if (groups.length === 0) {
      const status = await this.metering.status({ kind: 'substitutions', who, subject: reference });
      return { groups: [], denial: status.allowed ? null : status.denial };
    }
    try {
      await this.metering.consume({ kind: 'substitutions', who, subject: reference, requestId: visitor.requestId });
    } catch (err) {
      // Not allowed (login required, exhausted — perhaps by another request of this person meanwhile): none shown.
      if (err instanceof DomainError && err.status < 500) return { groups: [], denial: err.code };
      throw err;
    }
    return { groups, denial: null };
  }
}
