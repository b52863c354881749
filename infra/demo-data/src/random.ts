import { hash } from 'node:crypto';

// Math.imul read once: a global read per call is slow inside a vm context (jest runs the specs in one).
const imul = Math.imul;
const floor = Math.floor;

/**
 * Deterministic demo data: the same seed gives the same data in every context, so each context's
 * seeder can write only its own tables and still agree with the others on ids.
 */
export class DemoRandom {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hash32(seed);
    if (this.state === 0) this.state = 0x9e3779b9;
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A child generator for one topic, independent of how much the parent was used. */
  fork(topic: string): DemoRandom {
    return new DemoRandom(hash32(`${this.state}:${topic}`));
  }
}

export function hash32(text: string): number {
  // One-shot hashing: no Hash object per call (the generator calls this millions of times at scale 100).
  return hash('sha256', text, 'buffer').readUInt32LE(0);
}

const VARIANT = '89ab';

/** A stable UUID (version 5 layout) for a demo entity: the same seed, kind and key give the same id. */
export function demoId(seed: number | string, kind: string, key: string | number): string {
  const x = hash('sha1', `tuerca-demo:${seed}:${kind}:${key}`, 'hex');
  // The version (5) is the 13th hex digit; the variant (10xx) the two high bits of the 17th.
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-5${x.slice(13, 16)}-${VARIANT[parseInt(x[16]!, 16) & 3]}${x.slice(17, 20)}-${x.slice(20, 32)}`;
}
