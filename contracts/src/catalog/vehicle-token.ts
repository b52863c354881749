/**
 * The opaque vehicle token: how a vehicle's VIN travels from a plate lookup or a garage answer to the
 * catalogue without the person who looked the plate up ever seeing it (issue: privacy of a plate lookup).
 * AES-256-GCM (authenticated: a forged or edited token is refused), with a key derived by HKDF from the
 * product's SESSION_SECRET, which every context has: garage seals, the catalogue opens; no other party can
 * do either. WebCrypto, so it needs no import and runs wherever the contracts do (the consoles never hold
 * the secret and only pass tokens along).
 */

export const VEHICLE_TOKEN_PREFIX = 'vt1.';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const keys = new Map<string, Promise<CryptoKey>>();

function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('tuerca'), info: encoder.encode('vehicle-token:v1') },
          base,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      );
    keys.set(secret, k);
  }
  return k;
}

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(s, (c) => c.charCodeAt(0));
    // One spelling per token: the last character's unused low bits must be zero, so an edited ending that
    // decodes to the same bytes is refused like any other edit.
    return toBase64Url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

/** Whether a value is shaped like a vehicle token (to tell it from a VIN before opening it). */
export function isVehicleToken(value: string): boolean {
  return value.startsWith(VEHICLE_TOKEN_PREFIX) && value.length > VEHICLE_TOKEN_PREFIX.length + 30 && value.length <= 200;
}

/** Seals a VIN into a token; a fresh random nonce each time, so two tokens of one VIN do not look alike. */
export async function sealVehicleToken(vin: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(secret), encoder.encode(JSON.stringify({ v: vin }))),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return `${VEHICLE_TOKEN_PREFIX}${toBase64Url(out)}`;
}

/** The VIN a token carries, or null when it is not one of ours (forged, edited, or sealed with another secret). */
export async function openVehicleToken(token: string, secret: string): Promise<string | null> {
  if (!isVehicleToken(token)) return null;
  const bytes = fromBase64Url(token.slice(VEHICLE_TOKEN_PREFIX.length));
  if (!bytes || bytes.length < 12 + 16 + 1) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await key(secret), bytes.slice(12));
    const value = JSON.parse(decoder.decode(plain)) as { v?: unknown };
    return typeof value.v === 'string' && /^[A-HJ-NPR-Z0-9]{17}$/.test(value.v) ? value.v : null;
  } catch {
    return null;
  }
}

/**
 * An identity number as a stranger may see it: the first three characters (the manufacturer, already on the
 * card) and the last four, the rest as '•' — enough to tell two vehicles apart in a list, not to clone one.
 */
export function maskIdentityNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (v.length <= 7) return '•'.repeat(v.length);
  return `${v.slice(0, 3)}${'•'.repeat(v.length - 7)}${v.slice(-4)}`;
}

/** Whether a value is a masked identity number (a view sent back as a change must not overwrite the real one). */
export function isMaskedIdentityNumber(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.includes('•');
}
