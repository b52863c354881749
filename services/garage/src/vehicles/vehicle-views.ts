import { Injectable } from '@nestjs/common';
import { CatalogTokens } from './catalog-tokens.js';
import { toVehicleView, type VehicleRow, type VehicleView } from './vehicle.rules.js';

/** Garage vehicles as the consoles read them: identity numbers masked where a registry supplied them, the catalogue token sealed. */
@Injectable()
export class VehicleViews {
  constructor(private readonly tokens: CatalogTokens) {}

  async of(row: VehicleRow): Promise<VehicleView> {
    return toVehicleView(row, await this.tokens.seal(row.vin));
  }

  all(rows: VehicleRow[]): Promise<VehicleView[]> {
    return Promise.all(rows.map((r) => this.of(r)));
  }
}
