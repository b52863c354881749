import { Inject, Injectable } from '@nestjs/common';
import { sealVehicleToken } from '@tuerca/contracts';
import { APP_CONFIG, type AppConfig } from '@tuerca/platform';

/**
 * Seals a vehicle's VIN into the opaque token the catalogue accepts wherever it takes a VIN (its
 * VINHasCatalog check, its VIN page, a part's `match`): the vehicle card links to the catalogue without the
 * VIN ever travelling to the browser of someone who did not type it.
 */
@Injectable()
export class CatalogTokens {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  seal(vin: string | null | undefined): Promise<string | null> {
    return vin ? sealVehicleToken(vin, this.config.SESSION_SECRET) : Promise.resolve(null);
  }
}
