/**
 * Placeholder brand logos as real WebP files, made in code: the repository ships no logo images and
 * nothing can be downloaded, so each brand gets its initial in white on a colour derived from its id.
 * The encoder writes lossless WebP (VP8L) with two colours: every channel's prefix code has one or two
 * symbols, so a pixel costs at most one bit per channel and no Huffman tables are needed.
 */

/** 5×7 capitals; each row is 5 bits, most significant bit on the left. */
const FONT: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '?': [14, 17, 1, 2, 4, 0, 4],
};

type Rgba = [number, number, number, number];

class BitWriter {
  private readonly bytes: number[] = [];
  private acc = 0;
  private used = 0;

  /** VP8L packs values least significant bit first. */
  write(value: number, bits: number): void {
    for (let i = 0; i < bits; i++) {
      this.acc |= ((value >>> i) & 1) << this.used;
      if (++this.used === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.used = 0;
      }
    }
  }

  finish(): Uint8Array {
    if (this.used > 0) this.bytes.push(this.acc);
    return Uint8Array.from(this.bytes);
  }
}

/** A lossless WebP of `width`×`height` where `ink(x, y)` picks the foreground colour over the background. */
export function twoColourWebp(
  width: number,
  height: number,
  background: Rgba,
  foreground: Rgba,
  ink: (x: number, y: number) => boolean,
): Buffer {
  const w = new BitWriter();
  w.write(0x2f, 8); // VP8L signature
  w.write(width - 1, 14);
  w.write(height - 1, 14);
  w.write(background[3] < 255 || foreground[3] < 255 ? 1 : 0, 1);
  w.write(0, 3); // version
  w.write(0, 1); // no transforms
  w.write(0, 1); // no colour cache
  w.write(0, 1); // no meta prefix codes
  // Channel order in a pixel and in the codes: green, red, blue, alpha (ARGB stored as G, R, B, A).
  const channels = [1, 0, 2, 3] as const;
  const symbols = channels.map((c) => [...new Set([background[c], foreground[c]])].sort((a, b) => a - b));
  for (const set of symbols) {
    w.write(1, 1); // simple code
    w.write(set.length - 1, 1);
    w.write(1, 1); // first symbol in 8 bits
    w.write(set[0]!, 8);
    if (set.length === 2) w.write(set[1]!, 8);
  }
  // Distance code: one symbol (0), never read since there are no back references.
  w.write(1, 1);
  w.write(0, 1);
  w.write(0, 1);
  w.write(0, 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = ink(x, y) ? foreground : background;
      channels.forEach((c, i) => {
        const set = symbols[i]!;
        // Two symbols of one bit each: the canonical code gives 0 to the smaller value.
        if (set.length === 2) w.write(colour[c] === set[1] ? 1 : 0, 1);
      });
    }
  }
  const vp8l = w.finish();
  const padded = vp8l.length % 2 === 1 ? 1 : 0;
  const out = Buffer.alloc(20 + vp8l.length + padded);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(12 + vp8l.length + padded, 4);
  out.write('WEBP', 8, 'ascii');
  out.write('VP8L', 12, 'ascii');
  out.writeUInt32LE(vp8l.length, 16);
  Buffer.from(vp8l).copy(out, 20);
  return out;
}

function colourOf(key: string): Rgba {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  // Darkish, saturated colours, so the white letter reads well.
  const hue = h % 360;
  const [s, l] = [0.55, 0.38];
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4), 255];
}

const SIZE = 64;
const SCALE = 6;

/** The placeholder logo of a brand: 64×64, its initial (5×7 glyph at 6×) centred. */
export function brandLogoWebp(key: string, name: string): Buffer {
  const letter = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .charAt(0);
  const glyph = FONT[letter] ?? FONT['?']!;
  const left = Math.floor((SIZE - 5 * SCALE) / 2);
  const top = Math.floor((SIZE - 7 * SCALE) / 2);
  return twoColourWebp(SIZE, SIZE, colourOf(key), [255, 255, 255, 255], (x, y) => {
    const gx = Math.floor((x - left) / SCALE);
    const gy = Math.floor((y - top) / SCALE);
    if (gx < 0 || gx > 4 || gy < 0 || gy > 6) return false;
    return ((glyph[gy]! >> (4 - gx)) & 1) === 1;
  });
}
