import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { ErrorCodes, t } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, kysely } from '@tuerca/platform';
import { garageConfig, type GarageConfig } from '../garage.config.js';
import type { GarageDB } from '../garage.database.js';

/** Codes for a payload that is there but cannot be accepted; people read the same 'Debes validar el Captcha'. */
export const CaptchaCodes = {
  INVALID: 'Captcha invalid',
  EXPIRED: 'Captcha expired',
  ALREADY_USED: 'Captcha already used',
} as const;

const ALGORITHM = 'PBKDF2/SHA-256';

/** The widget's payload: base64 of JSON `{ challenge, solution }` (ALTCHA v2). */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

function captchaError(code: string): DomainError {
  return new DomainError(400, code, [t('plate.captchaRequired')]);
}

/**
 * The human check of the plate lookup (spec 001 §5 "Plate search", §8 'Debes validar el Captcha'): self-hosted
 * ALTCHA proof-of-work. Challenges are signed with CAPTCHA_HMAC_KEY, expire after CAPTCHA_TTL_SECONDS (by the
 * product's Clock), and a solved one is accepted once (its signature goes into `captcha_spent`).
 */
@Injectable()
export class HumanCheckService {
  private readonly keySignatureSecret: string;

  constructor(
    @Inject(garageConfig.token) private readonly config: GarageConfig,
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {
    // Deterministic challenges carry an HMAC of the expected key, so checking a solution costs one HMAC, not a PBKDF2 run.
    this.keySignatureSecret = createHmac('sha256', config.CAPTCHA_HMAC_KEY).update('altcha-key-signature').digest('hex');
  }

  /** A fresh challenge for the widget: the browser tries counters until the derived key matches the prefix. */
  async challenge(): Promise<Challenge> {
    const max = this.config.CAPTCHA_MAX_NUMBER;
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.config.CAPTCHA_COST,
      counter: randomInt(max, Math.ceil(max / 2)),
      deriveKey,
      expiresAt: new Date(this.clock.now().getTime() + this.config.CAPTCHA_TTL_SECONDS * 1000),
      hmacSignatureSecret: this.config.CAPTCHA_HMAC_KEY,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  /** Accepts a solved challenge once; throws the spec's 400 'Debes validar el Captcha' otherwise. */
  async spend(raw: string | undefined): Promise<void> {
    if (!raw) throw new DomainError(400, ErrorCodes.CAPTCHA_REQUIRED, [t('plate.captchaRequired')]);
    const payload = parsePayload(raw);
    if (!payload) throw captchaError(CaptchaCodes.INVALID);
    const now = this.clock.now();
    const expiresAt = payload.challenge.parameters.expiresAt;
    // Unsigned-expiry challenges are never ours; the expiry itself is covered by the signature checked below.
    if (!expiresAt) throw captchaError(CaptchaCodes.INVALID);
    if (expiresAt * 1000 <= now.getTime()) throw captchaError(CaptchaCodes.EXPIRED);
    const result = await verifySolution({
      challenge: payload.challenge as unknown as Challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.config.CAPTCHA_HMAC_KEY,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
    if (result.expired) throw captchaError(CaptchaCodes.EXPIRED);
    if (!result.verified) throw captchaError(CaptchaCodes.INVALID);
    // Single use: two concurrent submissions of one payload cannot both insert its signature.
    const rows = await kysely<GarageDB>(this.db.em())
      .insertInto('CaptchaSpent')
      .values({ signature: payload.challenge.signature, spentAt: now, expiresAt: new Date(expiresAt * 1000) })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .execute();
    if (rows.length === 0) throw captchaError(CaptchaCodes.ALREADY_USED);
    // A spent signature only matters until its challenge expires; sweep now and then, off the answer's path.
    if (Math.random() < 0.01) void this.sweep(now).catch(() => undefined);
  }

  private async sweep(now: Date): Promise<void> {
    await kysely<GarageDB>(this.db.em()).deleteFrom('CaptchaSpent').where('expiresAt', '<', now).execute();
  }
}

function parsePayload(raw: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
