import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Challenge } from 'altcha-lib';
import { HumanCheckService } from './human-check.service.js';

/** A fresh ALTCHA challenge for the plate lookup's human check (spec 001 §5 "Plate search"). */
export class GetCaptchaChallenge extends Query<Challenge> {}

@QueryHandler(GetCaptchaChallenge)
export class GetCaptchaChallengeHandler implements IQueryHandler<GetCaptchaChallenge> {
  constructor(private readonly humanCheck: HumanCheckService) {}

  execute(): Promise<Challenge> {
    return this.humanCheck.challenge();
  }
}
