import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The stores' MercadoLibre tokens at rest: AES-256-GCM under INTEGRATIONS_TOKEN_KEY, a fresh 12-byte IV per
 * value, stored as `v1.<base64(iv | tag | ciphertext)>`. A value altered in the database fails to decrypt.
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret, 'utf8').digest();
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(stored: string): string {
    if (!stored.startsWith('v1.')) throw new Error('unknown token format');
    const raw = Buffer.from(stored.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
