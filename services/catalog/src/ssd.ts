import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, ValidationError, type AppConfig } from '@tuerca/platform';

/** What an `ssd` carries from one catalogue call to the next (DESIGN §7: opaque to the console). */
export interface SsdState {
  /** Catalogue code. */
  c: string;
  /** Vehicle id. */
  v?: string;
  /** Unit id. */
  u?: string;
  /** The VIN the vehicle was found by: its parts get `match` for this exact vehicle. */
  vin?: string;
  /** Chosen vehicle-filter values (key → option key). */
  f?: Record<string, string>;
}

/**
 * The opaque `ssd` of the version 2 API: base64url JSON of the navigation state plus an HMAC, so the
 * console passes it back untouched and a forged or edited one is refused (400) instead of trusted.
 */
@Injectable()
export class SsdCodec {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.SESSION_SECRET).update('tuerca:catalog:ssd').digest();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 16);
  }

  encode(state: SsdState): string {
    const body = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  decode(ssd: string): SsdState {
    const [body, mac] = ssd.split('.');
    if (!body || !mac || mac.length !== 16) throw new ValidationError(['Valor inválido'], [{ path: 'ssd', message: 'Valor inválido' }]);
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new ValidationError(['Valor inválido'], [{ path: 'ssd', message: 'Valor inválido' }]);
    try {
      const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SsdState;
      if (typeof state.c !== 'string') throw new Error('no catalogue');
      return state;
    } catch {
      throw new ValidationError(['Valor inválido'], [{ path: 'ssd', message: 'Valor inválido' }]);
    }
  }
}
