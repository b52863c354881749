/**
 * The ALTCHA v2 proof of work of the plate lookup's human check (PBKDF2/SHA-256): find the counter whose
 * PBKDF2(nonce ‖ counter as big-endian uint32, salt, cost, keyLength) starts with the challenge's key prefix.
 *
 * Written out in plain TypeScript (SHA-256, HMAC and PBKDF2 over Int32 words) rather than with WebCrypto:
 * each attempt is a few hundred compressions with no promise in between — faster than three awaited
 * crypto.subtle calls per attempt — and it also works where crypto.subtle does not (a page opened over
 * plain http on a shop's network). It runs in a Web Worker (captcha.worker.ts), several in parallel.
 */
export interface PowParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  expiresAt?: number;
}
export interface PowChallenge {
  parameters: PowParameters;
  signature: string;
}
export interface PowSolution {
  counter: number;
  derivedKey: string;
}

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

const W = new Int32Array(64);

/** One SHA-256 compression of the 16-word block `block` into `state` (8 words), in place. */
function compress(state: Int32Array, block: Int32Array) {
  for (let i = 0; i < 16; i++) W[i] = block[i]!;
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** SHA-256 of bytes (used for HMAC keys longer than a block, and for tests). */
export function sha256(bytes: Uint8Array): Uint8Array {
  const state = new Int32Array(IV);
  const total = Math.ceil((bytes.length + 9) / 64) * 64;
  const padded = new Uint8Array(total);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const bits = bytes.length * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(total - 4, bits >>> 0);
  view.setUint32(total - 8, Math.floor(bits / 2 ** 32));
  const block = new Int32Array(16);
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) block[i] = view.getInt32(off + i * 4);
    compress(state, block);
  }
  return wordsToBytes(state, 32);
}

function wordsToBytes(words: Int32Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  for (let i = 0; i < length / 4; i++) view.setInt32(i * 4, words[i]!);
  return out;
}

export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** The inner and outer HMAC states of a key (≤ 64 bytes, or hashed first). */
function hmacStates(key: Uint8Array): [Int32Array, Int32Array] {
  const k = key.length > 64 ? sha256(key) : key;
  const block = new Uint8Array(64);
  block.set(k);
  const inner = new Int32Array(IV);
  const outer = new Int32Array(IV);
  const view = new DataView(block.buffer);
  const words = new Int32Array(16);
  for (let i = 0; i < 16; i++) words[i] = view.getInt32(i * 4) ^ 0x36363636;
  compress(inner, words);
  for (let i = 0; i < 16; i++) words[i] = view.getInt32(i * 4) ^ 0x5c5c5c5c;
  compress(outer, words);
  return [inner, outer];
}

/** HMAC of a short message (≤ 55 bytes) from precomputed key states: two compressions. */
function hmacShort(inner: Int32Array, outer: Int32Array, message: Uint8Array, out: Int32Array) {
  const block = new Uint8Array(64);
  block.set(message);
  block[message.length] = 0x80;
  const view = new DataView(block.buffer);
  view.setUint32(60, (64 + message.length) * 8);
  const words = new Int32Array(16);
  for (let i = 0; i < 16; i++) words[i] = view.getInt32(i * 4);
  const s = new Int32Array(inner);
  compress(s, words);
  hmacOfDigest(outer, s, out);
}

const DIGEST_BLOCK = new Int32Array(16);
/** HMAC's outer hash of an inner digest (32 bytes): one compression; the result into `out`. */
function hmacOfDigest(outer: Int32Array, digest: Int32Array, out: Int32Array) {
  for (let i = 0; i < 8; i++) DIGEST_BLOCK[i] = digest[i]!;
  DIGEST_BLOCK[8] = 0x80000000 | 0;
  for (let i = 9; i < 15; i++) DIGEST_BLOCK[i] = 0;
  DIGEST_BLOCK[15] = (64 + 32) * 8;
  out.set(outer);
  compress(out, DIGEST_BLOCK);
}

/** PBKDF2-HMAC-SHA-256 with a key of at most 32 bytes (one block), as ALTCHA's challenges ask. */
export function pbkdf2Sha256(password: Uint8Array, salt: Uint8Array, iterations: number, keyLength: number): Uint8Array {
  if (keyLength > 32 || salt.length > 51) throw new Error('pbkdf2Sha256: key or salt too long for this solver');
  const [inner, outer] = hmacStates(password);
  const first = new Uint8Array(salt.length + 4);
  first.set(salt);
  first[salt.length + 3] = 1; // block index 1, big-endian
  const u = new Int32Array(8);
  hmacShort(inner, outer, first, u);
  const t = new Int32Array(u);
  const s = new Int32Array(8);
  for (let i = 1; i < iterations; i++) {
    // U_i = HMAC(P, U_{i-1}): inner hash of the 32-byte digest, then the outer one.
    s.set(inner);
    for (let j = 0; j < 8; j++) DIGEST_BLOCK[j] = u[j]!;
    DIGEST_BLOCK[8] = 0x80000000 | 0;
    for (let j = 9; j < 15; j++) DIGEST_BLOCK[j] = 0;
    DIGEST_BLOCK[15] = (64 + 32) * 8;
    compress(s, DIGEST_BLOCK);
    hmacOfDigest(outer, s, u);
    for (let j = 0; j < 8; j++) t[j] = t[j]! ^ u[j]!;
  }
  return wordsToBytes(t, 32).slice(0, keyLength);
}

/**
 * Tries counters start, start + step, … until the derived key starts with the prefix. Several workers share a
 * challenge by taking different starts with the same step. `shouldStop` is asked every few hundred attempts.
 */
export function solve(challenge: PowChallenge, start = 0, step = 1, shouldStop: () => boolean = () => false): PowSolution | null {
  const { nonce, salt, cost, keyLength, keyPrefix } = challenge.parameters;
  if (!/^PBKDF2\/SHA-256$/.test(challenge.parameters.algorithm)) throw new Error(`unsupported algorithm ${challenge.parameters.algorithm}`);
  const nonceBytes = hexToBytes(nonce);
  const saltBytes = hexToBytes(salt);
  const prefix = keyPrefix.toLowerCase();
  const password = new Uint8Array(nonceBytes.length + 4);
  password.set(nonceBytes);
  const view = new DataView(password.buffer);
  for (let counter = start, n = 0; counter <= 0xffffffff; counter += step, n++) {
    if (n % 256 === 0 && shouldStop()) return null;
    view.setUint32(nonceBytes.length, counter);
    const key = pbkdf2Sha256(password, saltBytes, cost, keyLength);
    const hex = bytesToHex(key);
    if (hex.startsWith(prefix)) return { counter, derivedKey: hex };
  }
  return null;
}

/** The payload the garage expects in `reCaptcha`: base64 of `{ challenge, solution }` (ALTCHA v2). */
export function payloadOf(challenge: PowChallenge, solution: PowSolution): string {
  return btoa(JSON.stringify({ challenge, solution }));
}
