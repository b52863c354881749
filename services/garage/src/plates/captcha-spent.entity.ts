import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A solved human-check challenge, by its signature, so each is accepted once (until it expires). */
export const CaptchaSpent = defineEntity({
  name: 'CaptchaSpent',
  tableName: 'captcha_spent',
  properties: {
    signature: p.text().primary(),
    spentAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
  },
});
export type CaptchaSpent = InferEntity<typeof CaptchaSpent>;
