import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_PARAMETERS, APP_PARAMETER_NAMES, type AppParameters } from '@tuerca/contracts';
import { AppParametersService } from './app-parameters.service.js';

export interface AppParametersAnswer {
  values: AppParameters;
  descriptions: Record<string, string>;
  defaults: Record<string, unknown>;
}

/** Every parameter with its value, its description and its default (the consoles need the thresholds). */
export class GetAppParameters extends Query<AppParametersAnswer> {}

@QueryHandler(GetAppParameters)
export class GetAppParametersHandler implements IQueryHandler<GetAppParameters> {
  constructor(private readonly parameters: AppParametersService) {}

  async execute(): Promise<AppParametersAnswer> {
    return {
      values: await this.parameters.all(),
      descriptions: Object.fromEntries(APP_PARAMETER_NAMES.map((n) => [n, APP_PARAMETERS[n].description])),
      defaults: Object.fromEntries(APP_PARAMETER_NAMES.map((n) => [n, APP_PARAMETERS[n].default])),
    };
  }
}
