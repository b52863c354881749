import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';

import type { Success, VinCatalogCheck } from '@tuerca/contracts';
import { ok, type Visitor } from '@tuerca/platform';
import { SsdCodec } from '../ssd.js';
import { catalogCheckOf } from './vin-answer.js';
import { VinResolver } from './vin-resolver.js';
import { VehicleTokens } from './vehicle-tokens.js';

/**
 * VINHasCatalog (spec 001 §7 "returns a truthy value"): true exactly when the lookup would answer with
 * vehicles — an exact one or candidates — so the card, the lookup and the check mean the same thing.
 */
export class CheckVinHasCatalog extends Query<Success<boolean>> {
  constructor(
    readonly visitor: Visitor,
    readonly raw: string,
  ) {
    super();
  }
}

/** verifyVinInCatalogForActiveUser: the same answer, with whether it is exact and what it opens. */
export class VerifyVinForUser extends Query<Success<VinCatalogCheck>> {
  constructor(
    readonly visitor: Visitor,
    readonly raw: string,
  ) {
    super();
  }
}

@QueryHandler(CheckVinHasCatalog)
export class CheckVinHasCatalogHandler implements IQueryHandler<CheckVinHasCatalog> {
  constructor(
    private readonly resolver: VinResolver,
    private readonly ssd: SsdCodec,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, raw }: CheckVinHasCatalog) {
    const asked = await this.tokens.read(raw);
    const resolution = await this.resolver.resolve(asked.input, visitor.user?.country ?? null);
    return ok(catalogCheckOf(resolution, asked, this.ssd).hasCatalog);
  }
}

@QueryHandler(VerifyVinForUser)
export class VerifyVinForUserHandler implements IQueryHandler<VerifyVinForUser> {
  constructor(
    private readonly resolver: VinResolver,
    private readonly ssd: SsdCodec,
    private readonly tokens: VehicleTokens,
  ) {}

  async execute({ visitor, raw }: VerifyVinForUser) {
    const asked = await this.tokens.read(raw);
    const resolution = await this.resolver.resolve(asked.input, visitor.user?.country ?? null);
    return ok(catalogCheckOf(resolution, asked, this.ssd));
  }
}
