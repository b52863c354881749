import { Controller, Get, Query } from '@nestjs/common';
import { plateLookupQuerySchema, type PlateLookupQuery } from '@tuerca/contracts';
import { CurrentVisitor, zod, type Visitor } from '@tuerca/platform';
import { HumanCheckService } from './human-check.service.js';
import { LookupPlateHandler } from './lookup-plate.handler.js';
import { freePlateLookupQuerySchema } from './plates.routes.js';

@Controller('api/garage')
export class PlatesController {
  constructor(
    private readonly lookup: LookupPlateHandler,
    private readonly humanCheck: HumanCheckService,
  ) {}

  /** The bare challenge, not enveloped: the ALTCHA widget reads it from its challenge URL as is. */
  @Get('captcha/challenge')
  challenge() {
    return this.humanCheck.challenge();
  }

  @Get('vehicle/getVehicleForLicensePlatePremium')
  premium(@CurrentVisitor() visitor: Visitor, @Query(zod(plateLookupQuerySchema)) query: PlateLookupQuery) {
    return this.lookup.execute(visitor, query, 'premium');
  }

  @Get('vehicle/getVehicleForLicensePlate')
  free(@CurrentVisitor() visitor: Visitor, @Query(zod(freePlateLookupQuerySchema)) query: Omit<PlateLookupQuery, 'allowFreeSearches'>) {
    return this.lookup.execute(visitor, { ...query, allowFreeSearches: '0' }, 'free');
  }
}
