import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Client secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the deployment's SESSION_SECRET
 * with this purpose as its label, so no second secret has to be provisioned and the key never equals the
 * session key. Sealed form: `v1:` + base64(iv ‖ tag ‖ ciphertext). The secret is needed in clear to sign each
 * webhook, so it is encrypted rather than hashed.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(rootSecret: string, purpose = 'tuerca/marketplace/store-api-client-secrets') {
    this.key = Buffer.from(hkdfSync('sha256', rootSecret, 'tuerca', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('unknown secret format');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** A new client secret: 32 random bytes as base64url (43 characters). */
export const newClientSecret = (): string => randomBytes(32).toString('base64url');
