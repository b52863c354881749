import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@tuerca/platform';
import { SecretBox } from './secret-box.js';

/** The clients' secrets box of this deployment (keyed from SESSION_SECRET, see SecretBox). */
@Injectable()
export class StoreApiSecrets extends SecretBox {
  readonly nodeEnv: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.SESSION_SECRET);
    this.nodeEnv = config.NODE_ENV;
  }
}
