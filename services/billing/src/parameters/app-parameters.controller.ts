import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { z } from 'zod';
import { APP_PARAMETERS, APP_PARAMETER_NAMES, appParameterUpdateSchema } from '@tuerca/contracts';
import { Access, CurrentVisitor, ok, zod, type Visitor } from '@tuerca/platform';
import { AppParametersService } from './app-parameters.service.js';

const nameParams = z.object({ name: z.string().min(1).max(100) });
const historyQuery = z.object({ name: z.string().max(100).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) });

/** App parameters: everyone reads them (the consoles need the thresholds); operators change them. */
@Controller('api/core/appParameters')
export class AppParametersController {
  constructor(private readonly parameters: AppParametersService) {}

  @Get()
  async all() {
    const values = await this.parameters.all();
    return ok(values, {
      descriptions: Object.fromEntries(APP_PARAMETER_NAMES.map((n) => [n, APP_PARAMETERS[n].description])),
      defaults: Object.fromEntries(APP_PARAMETER_NAMES.map((n) => [n, APP_PARAMETERS[n].default])),
    });
  }

  @Get('history')
  @Access(['operator'])
  async history(@Query(zod(historyQuery)) q: { name?: string; limit: number }) {
    return ok(await this.parameters.history(q.name, q.limit));
  }

  @Patch(':name')
  @Access(['operator'])
  async set(
    @Param(zod(nameParams)) p: { name: string },
    @Body(zod(appParameterUpdateSchema)) body: { value: unknown },
    @CurrentVisitor() visitor: Visitor,
  ) {
    const value = await this.parameters.set(p.name, body.value, visitor);
    return ok({ name: p.name, value });
  }
}
