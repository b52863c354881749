import { Inject, Injectable } from '@nestjs/common';
import { isVehicleToken, maskIdentityNumber, openVehicleToken, t } from '@tuerca/contracts';
import { APP_CONFIG, DomainError, type AppConfig } from '@tuerca/platform';
import { readVinInput, type VinInput } from './vin-resolver.js';

/** What was asked, read: the VIN (or frame) to resolve, and what the answer may show of it. */
export interface AskedVehicle {
  input: VinInput;
  /** The VIN, frame or token as the answer may show it: a token stays a token, never becomes its VIN. */
  shown: string;
  /** What the search is recorded as (a token's VIN masked). */
  recorded: string;
  /** The VIN itself, for an exact answer's ssd (it gives parts their `match`). */
  vin: string | null;
  viaToken: boolean;
}

/**
 * Reads a VIN, a frame number, or the opaque vehicle token a plate lookup or a garage answer carries (sealed
 * by garage with the product's secret): the catalogue resolves a token's VIN without ever answering it.
 */
@Injectable()
export class VehicleTokens {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async read(raw: string): Promise<AskedVehicle> {
    const text = raw.trim();
    if (isVehicleToken(text)) {
      const vin = await openVehicleToken(text, this.config.SESSION_SECRET);
      if (!vin) throw new DomainError(400, 'Invalid vehicle token', [t('vin.invalidToken')]);
      return { input: { kind: 'vin', vin }, shown: text, recorded: maskIdentityNumber(vin)!, vin, viaToken: true };
    }
    const input = readVinInput(text);
    const shown = input.kind === 'frame' ? input.frame : input.vin;
    return { input, shown, recorded: shown, vin: input.kind === 'vin' ? input.vin : null, viaToken: false };
  }

  /** The spec's `q` on browsing calls: a VIN or a token; anything else is ignored (browsing goes on). */
  async vinOf(q: string | undefined): Promise<{ vin: string; viaToken: boolean } | null> {
    if (!q) return null;
    try {
      const asked = await this.read(q);
      return asked.vin ? { vin: asked.vin, viaToken: asked.viaToken } : null;
    } catch {
      return null;
    }
  }
}
