import { timingSafeEqual } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { consumeRequestSchema, meterRequestSchema, type ConsumeRequest, type MeterRequest } from '@tuerca/contracts';
import { APP_CONFIG, ForbiddenError, ok, zod, type AppConfig } from '@tuerca/platform';
import { MeteringService } from './metering.service.js';

/** Service-to-service metering for contexts running in other processes (platform's MeteringClient). */
@Controller('internal/billing/metering')
export class InternalMeteringController {
  constructor(
    private readonly metering: MeteringService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private check(given: string | undefined): void {
    const expected = Buffer.from(this.config.INTERNAL_TOKEN);
    const actual = Buffer.from(given ?? '');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new ForbiddenError();
  }

  @Post('status')
  @HttpCode(200)
  async status(@Body(zod(meterRequestSchema)) body: MeterRequest, @Headers('x-internal-token') token?: string) {
    this.check(token);
    return ok(await this.metering.status(body));
  }

  @Post('authorize')
  @HttpCode(200)
  async authorize(@Body(zod(meterRequestSchema)) body: MeterRequest, @Headers('x-internal-token') token?: string) {
    this.check(token);
    return ok(await this.metering.authorize(body));
  }

  @Post('consume')
  @HttpCode(200)
  async consume(@Body(zod(consumeRequestSchema)) body: ConsumeRequest, @Headers('x-internal-token') token?: string) {
    this.check(token);
    return ok(await this.metering.consume(body));
  }
}
