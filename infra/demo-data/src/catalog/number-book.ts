import { DemoRandom } from '../random.js';
import { normalizeReference } from './numbers.js';

/**
 * One number, one part. Every part number of the demo (OEM and aftermarket, of every brand) is drawn
 * through one book per generation pass, which remembers, for each number as lookups compare it
 * (normalised: 'WK 616/1' = 'WK6161'), the part it names — its part type and its fitment. A draw that
 * lands on a number another part already has is drawn again, so two different parts never share a
 * number, whatever their brands: a substitute found by its number is always the same part.
 *
 * The same part may carry the same number under several brands on purpose (a belt's size is its
 * number at Gates, Dayco and Continental): those numbers are registered first, with their part.
 *
 * Numbers depend only on the order the pass draws them in, which is the catalogue's own order
 * (series, make, model, engine, unit, part), so every generator that replays the pass gets the same
 * numbers. Memory: 12 bytes a number (two typed arrays), about 70 MB for the 5 million of scale 100.
 */
export class NumberBook {
  private keys = new Uint32Array(1 << 16); // pairs: two 32-bit hashes of the normalised number (0,0 = empty)
  private owners = new Uint32Array(1 << 15);
  private size = 0;
  private readonly cache = new Map<string, string>();
  private readonly seriesCache = new Map<string, string>();
  private cacheSeries = -1;

  constructor(private readonly seed: number) {}

  get count(): number {
    return this.size;
  }

  /** Registers a number that must stay as written (a design's trade name) for its part; false when another part has it. */
  reserve(number: string, owner: string): boolean {
    return this.claim(normalizeReference(number), hash(owner, 0x5bd1e995));
  }

  /**
   * The number of `key` (the same key always gives the same number within a pass), drawn with `draw`
   * until no other part has it. After eight clashes the drawn form gets one more digit, so a crowded
   * format at a large scale still finds room. `scope` keeps the answer for the whole pass ('pass'),
   * for one production series ('series', engine parts) or not at all ('none', one part's own numbers).
   */
  number(
    key: string,
    owner: string,
    draw: (rng: DemoRandom) => string,
    scope: { kind: 'pass' | 'none' } | { kind: 'series'; series: number } = { kind: 'none' },
  ): string {
    const cache = this.cacheFor(scope);
    const known = cache?.get(key);
    if (known !== undefined) return known;
    const ownerHash = hash(owner, 0x5bd1e995);
    for (let attempt = 0; ; attempt++) {
      const rng = new DemoRandom(hash(`${this.seed}|${key}|${attempt}`, 0x9747b28c) || 1);
      let candidate = draw(rng);
      const extra = attempt >> 3;
      if (extra > 0) candidate = widen(candidate, rng, extra);
      if (this.claim(normalizeReference(candidate), ownerHash)) {
        cache?.set(key, candidate);
        return candidate;
      }
      if (attempt > 200) throw new Error(`demo numbers: no free number for ${key}`);
    }
  }

  private cacheFor(scope: { kind: 'pass' | 'none' } | { kind: 'series'; series: number }): Map<string, string> | null {
    if (scope.kind !== 'series') return scope.kind === 'pass' ? this.cache : null;
    // Engine parts never cross a series: the cache of the previous one can go.
    if (scope.series !== this.cacheSeries) {
      this.seriesCache.clear();
      this.cacheSeries = scope.series;
    }
    return this.seriesCache;
  }

  /** True when the normalised number is free or already this owner's. */
  private claim(normalized: string, owner: number): boolean {
    const a = hash(normalized, 0x811c9dc5) || 1;
    const b = hash(normalized, 0x01000193);
    if ((this.size + 1) * 2 > this.owners.length) this.grow();
    const mask = this.owners.length - 1;
    for (let i = b & mask; ; i = (i + 1) & mask) {
      const k = this.keys[2 * i]!;
      if (k === 0) {
        this.keys[2 * i] = a;
        this.keys[2 * i + 1] = b;
        this.owners[i] = owner;
        this.size++;
        return true;
      }
      if (k === a && this.keys[2 * i + 1] === b) return this.owners[i] === owner;
    }
  }

  private grow(): void {
    const { keys, owners } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.owners = new Uint32Array(owners.length * 2);
    const mask = this.owners.length - 1;
    for (let j = 0; j < owners.length; j++) {
      const a = keys[2 * j]!;
      if (a === 0) continue;
      const b = keys[2 * j + 1]!;
      let i = b & mask;
      while (this.keys[2 * i] !== 0) i = (i + 1) & mask;
      this.keys[2 * i] = a;
      this.keys[2 * i + 1] = b;
      this.owners[i] = owners[j]!;
    }
  }
}

/** One more digit in the last run of digits (or at the end): 'P 83 027' → 'P 83 0274'. */
function widen(number: string, rng: DemoRandom, extra: number): string {
  let digits = '';
  for (let i = 0; i < extra; i++) digits += String(rng.int(0, 9));
  const m = /\d+(?=\D*$)/.exec(number);
  if (!m) return `${number}${digits}`;
  const end = m.index + m[0].length;
  return `${number.slice(0, end)}${digits}${number.slice(end)}`;
}

// Math.imul read once: a global read per call is slow inside a vm context (jest runs the specs in one).
const imul = Math.imul;

/** 32-bit MurmurHash3-style mix of a string (fast; not for security). */
export function hash(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    let k = text.charCodeAt(i);
    k = imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= text.length;
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
