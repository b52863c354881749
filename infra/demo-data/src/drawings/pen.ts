/**
 * A technical pen for SVG line drawings: outlines in the main weight, details in the thin weight,
 * centre lines dash-dotted and hidden edges dashed, as drafting conventions have them. Numbers are
 * rounded to a tenth so the SVG stays small.
 */
export interface Stroke {
  /** Detail line (half weight). */
  thin?: boolean;
  /** Fill, 'none' for open shapes; the pen's paper colour by default (a part hides what is behind it). */
  fill?: string;
  /** 'center' for axes, 'hidden' for edges behind. */
  dash?: 'center' | 'hidden';
  /** Another ink (a ghost copy, a friction lining). */
  ink?: string;
}

export const r1 = (n: number) => Math.round(n * 10) / 10;

export class Pen {
  constructor(
    /** Main line weight, in the drawing's own units. */
    readonly w: number,
    readonly paper = '#ffffff',
    readonly ink = '#1d2327',
  ) {}

  private attrs(s: Stroke = {}, open = false): string {
    const w = s.thin ? this.w * 0.55 : this.w;
    const fill = s.fill ?? (open ? 'none' : this.paper);
    let a = `fill="${fill}" stroke="${s.ink ?? this.ink}" stroke-width="${r1(w * 100) / 100}"`;
    if (s.dash === 'center') a += ` stroke-dasharray="${r1(w * 8)} ${r1(w * 2)} ${r1(w * 1.5)} ${r1(w * 2)}"`;
    if (s.dash === 'hidden') a += ` stroke-dasharray="${r1(w * 3)} ${r1(w * 2)}"`;
    return a;
  }

  path(d: string, s?: Stroke): string {
    return `<path d="${d}" ${this.attrs(s, !/[Zz]\s*$/.test(d.trim()))}/>`;
  }

  circle(cx: number, cy: number, r: number, s?: Stroke): string {
    return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" ${this.attrs(s)}/>`;
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, s?: Stroke): string {
    return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" ${this.attrs(s)}/>`;
  }

  rect(x: number, y: number, w: number, h: number, rx = 0, s?: Stroke): string {
    return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}"${rx ? ` rx="${r1(rx)}"` : ''} ${this.attrs(s)}/>`;
  }

  line(x1: number, y1: number, x2: number, y2: number, s?: Stroke): string {
    return `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" ${this.attrs({ ...s, fill: 'none' })}/>`;
  }

  /** A hose or a tube along a path: its walls drawn as the outline of a thick stroke. */
  tube(d: string, width: number): string {
    const outer = `<path d="${d}" fill="none" stroke="${this.ink}" stroke-width="${r1(width)}" stroke-linecap="round"/>`;
    const inner = `<path d="${d}" fill="none" stroke="${this.paper}" stroke-width="${r1(width - this.w * 2)}" stroke-linecap="round"/>`;
    return outer + inner;
  }

  /** A closed polygon. */
  poly(points: [number, number][], s?: Stroke): string {
    return this.path(`M ${points.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(' L ')} Z`, s);
  }

  /** An open polyline. */
  polyline(points: [number, number][], s?: Stroke): string {
    return this.path(`M ${points.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(' L ')}`, { ...s, fill: 'none' });
  }

  /** `n` holes on a circle (bolt circles, vents). */
  holes(cx: number, cy: number, radius: number, n: number, r: number, s?: Stroke, phase = -Math.PI / 2): string {
    let out = '';
    for (let i = 0; i < n; i++) {
      const a = phase + (i * 2 * Math.PI) / n;
      out += this.circle(cx + Math.cos(a) * radius, cy + Math.sin(a) * radius, r, s);
    }
    return out;
  }

  /** Thread lines across a shank from y1 to y2 (a screw's thread as drawn in side view). */
  thread(x: number, halfWidth: number, y1: number, y2: number, pitch: number): string {
    let d = '';
    for (let y = y1; y <= y2; y += pitch) d += `M ${r1(x - halfWidth)} ${r1(y)} L ${r1(x + halfWidth)} ${r1(y + pitch * 0.45)} `;
    return this.path(d, { thin: true, fill: 'none' });
  }

  /** A hexagon (a nut or a bolt head seen along its axis, or across flats from the side). */
  hex(cx: number, cy: number, r: number, s?: Stroke): string {
    const pts: [number, number][] = [];
    for (let i = 0; i < 6; i++) pts.push([cx + r * Math.cos((i * Math.PI) / 3), cy + r * Math.sin((i * Math.PI) / 3)]);
    return this.poly(pts, s);
  }

  /** A gear or sprocket outline with `teeth` teeth between radii `root` and `tip`. */
  gear(cx: number, cy: number, root: number, tip: number, teeth: number, s?: Stroke): string {
    const pts: [number, number][] = [];
    for (let i = 0; i < teeth; i++) {
      const a = (i * 2 * Math.PI) / teeth;
      const step = (2 * Math.PI) / teeth;
      for (const [da, rad] of [
        [0, root],
        [step * 0.2, tip],
        [step * 0.45, tip],
        [step * 0.65, root],
      ] as const)
        pts.push([cx + Math.cos(a + da) * rad, cy + Math.sin(a + da) * rad]);
    }
    return this.poly(pts, s);
  }

  /** A coil spring in side view between y1 and y2. */
  spring(cx: number, halfWidth: number, y1: number, y2: number, turns: number, s?: Stroke): string {
    const step = (y2 - y1) / turns;
    let front = `M ${r1(cx - halfWidth)} ${r1(y1)}`;
    let back = '';
    for (let i = 0; i < turns; i++) {
      const y = y1 + i * step;
      front += ` L ${r1(cx + halfWidth)} ${r1(y + step / 2)} M ${r1(cx - halfWidth)} ${r1(y + step)}`;
      back += `M ${r1(cx + halfWidth)} ${r1(y + step / 2)} L ${r1(cx - halfWidth)} ${r1(y + step)} `;
    }
    return this.path(back, { thin: true, fill: 'none', ...s }) + this.path(front, { fill: 'none', ...s });
  }

  /** Bellows (a boot) in side view: alternating wide and narrow convolutions. */
  bellows(cx: number, y1: number, y2: number, wide: number, narrow: number, folds: number): string {
    const step = (y2 - y1) / (folds * 2);
    const left: [number, number][] = [];
    const right: [number, number][] = [];
    for (let i = 0; i <= folds * 2; i++) {
      const half = i % 2 ? wide : narrow;
      left.push([cx - half, y1 + i * step]);
      right.unshift([cx + half, y1 + i * step]);
    }
    let out = this.poly([...left, ...right]);
    for (let i = 1; i < folds * 2; i++) {
      const half = i % 2 ? wide : narrow;
      out += this.line(cx - half, y1 + i * step, cx + half, y1 + i * step, { thin: true });
    }
    return out;
  }
}
