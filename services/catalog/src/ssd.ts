import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, ValidationError, type AppConfig } from '@tuerca/platform';

/** What an `ssd` carries from one catalogue call to the next (DESIGN §8: opaque to the console). */
export interface SsdState {
  /** Catalogue code. */
  c: string;
  /** Vehicle id. */
  v?: string;
  /** Unit id. */
  u?: string;
  /** The VIN the vehicle was found by: its parts get `match` for this exact vehicle. */
  vin?: string;
  /** The VIN came in a vehicle token: answers show it masked, never whole. */
  m?: 1;
  /** Chosen vehicle-filter values (key → option key). */
  f?: Record<string, string>;
  /** 'criteria': the old generation's criteria, handed out by a VIN search with its car (never a version 2 ssd). */
  k?: 'criteria';
}

const invalid = () => new ValidationError(['Valor inválido'], [{ path: 'ssd', message: 'Valor inválido' }]);

/**
 * The opaque `ssd` of the version 2 API: the navigation state sealed with AES-256-GCM (a key derived from
 * SESSION_SECRET), so the console passes it back untouched, a forged or edited one is refused (400), and the
 * VIN it may carry is never readable from a URL — a vehicle reached through a plate's token keeps its VIN to
 * itself.
 */
@Injectable()
export class SsdCodec {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.SESSION_SECRET).update('tuerca:catalog:ssd:v2').digest();
  }

  encode(state: SsdState): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  decode(ssd: string): SsdState {
    const bytes = /^[A-Za-z0-9_-]+$/.test(ssd) ? Buffer.from(ssd, 'base64url') : null;
    if (!bytes || bytes.length < 12 + 16 + 2) throw invalid();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const json = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      const state = JSON.parse(json) as SsdState;
      if (typeof state.c !== 'string') throw new Error('no catalogue');
      return state;
    } catch {
      throw invalid();
    }
  }
}
