import { DemoRandom } from '../random.js';
import type { ImageMapBox } from '../catalog/types.js';
import { hash } from '../catalog/number-book.js';
import { Pen, r1 } from './pen.js';
import { partDrawing } from './parts.js';

export const DIAGRAM_WIDTH = 800;
export const DIAGRAM_HEIGHT = 600;
export const CALLOUT_RADIUS = 14;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface DiagramItem {
  /** The number on the drawing (codeOnImage). */
  code: string;
  partType: string;
  /** The part's name (the drawing's tooltip). */
  label: string;
  /** How many the vehicle takes: up to four copies are drawn, one behind the other. */
  amount?: number;
}

export interface DiagramTitle {
  /** '110-010'. */
  code: string;
  /** 'Frenos delanteros'. */
  name: string;
  /** 'Spark GT · B12D1'. */
  vehicle: string;
}

/**
 * The words of a drawing that are not names (its title block), in the language it is served in; the
 * names (the unit's, the parts') come translated in the title and items.
 */
export interface DiagramWords {
  /** The language of the drawing's text, as a BCP 47 tag ('es', 'pt-PT'): the SVG's xml:lang. */
  lang: string;
  /** 'Tuerca · catálogo de partes'. */
  sheet: string;
  /** '12 posiciones · ilustración'. */
  positions(n: number): string;
  /** True when some text is in Spanish because the language asked for has no word for it. */
  fallback?: boolean;
}

export const SPANISH_DIAGRAM_WORDS: DiagramWords = {
  lang: 'es',
  sheet: 'Tuerca · catálogo de partes',
  positions: (n) => `${n} ${n === 1 ? 'posición' : 'posiciones'} · ilustración`,
};

const INK = '#1d2327';
const GHOST = '#9aa4ad';
const TOP_BAND = 74;
const BOTTOM_BAND = 524;
const MIN_GAP = 2 * CALLOUT_RADIUS + 14;

/** Where the parts go: along an assembly axis, the way an exploded view pulls a unit apart. */
function layout(n: number): [number, number][] {
  if (n === 1) return [[400, 300]];
  if (n === 2)
    return [
      [270, 290],
      [530, 320],
    ];
  const from: [number, number] = [150, 190];
  const to: [number, number] = [650, 420];
  return Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t] as [number, number];
  });
}

/** Spreads callouts along a band so none overlaps its neighbour, keeping each near its part. */
function spread(wanted: { i: number; x: number }[]): Map<number, number> {
  const sorted = [...wanted].sort((a, b) => a.x - b.x);
  const xs = sorted.map((w) => Math.min(DIAGRAM_WIDTH - 40, Math.max(40, w.x)));
  for (let k = 1; k < xs.length; k++) xs[k] = Math.max(xs[k]!, xs[k - 1]! + MIN_GAP);
  const overflow = xs.length ? xs[xs.length - 1]! - (DIAGRAM_WIDTH - 40) : 0;
  if (overflow > 0) for (let k = 0; k < xs.length; k++) xs[k] = xs[k]! - overflow;
  return new Map(sorted.map((w, k) => [w.i, Math.round(xs[k]!)]));
}

/** Where a part's leader line touches it, in its drawing's box (the same at every scale: kept). */
const anchors = new Map<string, [number, number]>();
function anchorOf(partType: string, motorcycle: boolean): [number, number] {
  const key = `${partType}|${motorcycle}`;
  let a = anchors.get(key);
  if (!a) anchors.set(key, (a = partDrawing(partType, new Pen(1), motorcycle).anchor));
  return a;
}

export interface DiagramLayout {
  centres: [number, number][];
  scale: number;
  anchors: [number, number][];
  callouts: { cx: number; cy: number }[];
  imageMap: ImageMapBox[];
}

/**
 * Where everything goes, without drawing it: the same for the same unit and parts wherever it is
 * computed (the seeder stores the image map, the diagram route draws the SVG later), because the only
 * variation — a slight offset of each part from the axis — comes from the unit's id.
 */
export function diagramLayout(unitKey: string, items: DiagramItem[], options: { motorcycle?: boolean } = {}): DiagramLayout {
  const rng = new DemoRandom(hash(unitKey, 0x3c6ef372) || 1);
  const n = items.length;
  const centres = layout(n).map(([x, y]) => [x + (rng.next() - 0.5) * 24, y + (rng.next() - 0.5) * 24] as [number, number]);
  const cell = Math.min(230, 660 / Math.max(1, n));
  const scale = (cell * 0.82) / 100;
  // Callouts: parts in the upper half call out above, the others below (their leader then touches
  // the part's lower edge: the anchor mirrored, the drawings being about symmetric).
  const isTop = (i: number) => centres[i]![1] < 305;
  const anchorsOf = items.map((item, i) => {
    const [x, y] = centres[i]!;
    const [lx, ly] = anchorOf(item.partType, options.motorcycle === true);
    return [x + lx * scale, y + (isTop(i) ? ly : Math.abs(ly)) * scale] as [number, number];
  });
  const top = spread(items.map((_, i) => ({ i, x: anchorsOf[i]![0] - 30 })).filter(({ i }) => isTop(i)));
  const bottom = spread(items.map((_, i) => ({ i, x: anchorsOf[i]![0] + 30 })).filter(({ i }) => !isTop(i)));
  const callouts = items.map((_, i) => ({ cx: (isTop(i) ? top : bottom).get(i)!, cy: isTop(i) ? TOP_BAND : BOTTOM_BAND }));
  const pad = 3;
  const imageMap = items.map((item, i) => {
    const { cx, cy } = callouts[i]!;
    return {
      code: item.code,
      x1: cx - CALLOUT_RADIUS - pad,
      y1: cy - CALLOUT_RADIUS - pad,
      x2: cx + CALLOUT_RADIUS + pad,
      y2: cy + CALLOUT_RADIUS + pad,
    };
  });
  return { centres, scale, anchors: anchorsOf, callouts, imageMap };
}

/**
 * An exploded view of a unit: each part's technical drawing along a dash-dotted assembly axis (copies
 * behind it when the vehicle takes several), a leader line from each part to its numbered callout in
 * the top or bottom band, a drawing frame and a title block. The image map's boxes surround the
 * callouts, so a click on a number finds its part.
 */
export function explodedDiagram(
  unitKey: string,
  title: DiagramTitle,
  items: DiagramItem[],
  options: { motorcycle?: boolean; words?: DiagramWords } = {},
): { svg: string; imageMap: ImageMapBox[] } {
  const words = options.words ?? SPANISH_DIAGRAM_WORDS;
  const { centres, scale, anchors: anchorsOf, callouts: places, imageMap } = diagramLayout(unitKey, items, options);
  const n = items.length;
  const parts: string[] = [];
  items.forEach((item, i) => {
    const [x, y] = centres[i]!;
    const drawing = partDrawing(item.partType, new Pen(1.7 / scale), options.motorcycle);
    const copies = Math.min(Math.max(1, item.amount ?? 1), 4);
    let ghosts = '';
    for (let k = copies - 1; k >= 1; k--) {
      const ghost = partDrawing(item.partType, new Pen(1.2 / scale, '#ffffff', GHOST), options.motorcycle);
      ghosts += `<g transform="translate(${r1(x + k * 12)} ${r1(y - k * 10)}) scale(${r1(scale * 100) / 100})">${ghost.svg}</g>`;
    }
    parts.push(
      `<g class="part" data-code="${escapeXml(item.code)}" data-part-type="${escapeXml(item.partType)}"><title>${escapeXml(item.label)}</title>` +
        ghosts +
        `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(scale * 100) / 100})" stroke-linejoin="round" stroke-linecap="round">${drawing.svg}</g></g>`,
    );
  });
  const callouts: string[] = [];
  const dots: string[] = [];
  items.forEach((item, i) => {
    const { cx, cy } = places[i]!;
    const [ax, ay] = anchorsOf[i]!;
    callouts.push(
      `<g class="callout" data-code="${escapeXml(item.code)}"><line x1="${cx}" y1="${cy}" x2="${r1(ax)}" y2="${r1(ay)}" stroke="#3b4650" stroke-width="0.9"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${CALLOUT_RADIUS}" fill="#fff" stroke="#c0392b" stroke-width="2"/>` +
        `<text x="${cx}" y="${cy + 5}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" font-weight="700" fill="#c0392b">${escapeXml(item.code)}</text></g>`,
    );
    dots.push(`<circle cx="${r1(ax)}" cy="${r1(ay)}" r="2.2" fill="#3b4650"/>`);
  });

  // The assembly axis, behind the parts (their paper hides it where they sit on it).
  const axis =
    n > 1
      ? (() => {
          const [x0, y0] = centres[0]!;
          const [x1, y1] = centres[n - 1]!;
          const dx = (x1 - x0) / Math.hypot(x1 - x0, y1 - y0);
          const dy = (y1 - y0) / Math.hypot(x1 - x0, y1 - y0);
          return `<path d="M ${r1(x0 - dx * 70)} ${r1(y0 - dy * 70)} L ${centres.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(' L ')} L ${r1(x1 + dx * 70)} ${r1(y1 + dy * 70)}" fill="none" stroke="#8a949c" stroke-width="0.9" stroke-dasharray="14 4 2 4"/>`;
        })()
      : '';

  const font = 'font-family="DejaVu Sans, Arial, sans-serif"';
  const frame =
    `<rect x="0" y="0" width="${DIAGRAM_WIDTH}" height="${DIAGRAM_HEIGHT}" fill="#fff"/>` +
    `<rect x="8" y="8" width="${DIAGRAM_WIDTH - 16}" height="${DIAGRAM_HEIGHT - 16}" fill="none" stroke="${INK}" stroke-width="1.2"/>` +
    `<text x="22" y="36" ${font} font-size="17" font-weight="700" fill="${INK}">${escapeXml(`${title.code} ${title.name}`)}</text>` +
    `<text x="22" y="56" ${font} font-size="12" fill="#4a545c">${escapeXml(title.vehicle)}</text>`;
  const block =
    `<g ${font} fill="${INK}"><rect x="520" y="552" width="264" height="32" fill="#fff" stroke="${INK}" stroke-width="1"/>` +
    `<line x1="610" y1="552" x2="610" y2="584" stroke="${INK}" stroke-width="0.8"/>` +
    `<text x="528" y="572" font-size="12" font-weight="700">${escapeXml(title.code)}</text>` +
    `<text x="618" y="566" font-size="8.5" fill="#4a545c">${escapeXml(words.sheet)}</text>` +
    `<text x="618" y="578" font-size="8.5" fill="#4a545c">${escapeXml(words.positions(n))}</text></g>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xml:lang="${escapeXml(words.lang)}"${words.fallback ? ' data-language-fallback="true"' : ''} viewBox="0 0 ${DIAGRAM_WIDTH} ${DIAGRAM_HEIGHT}" width="${DIAGRAM_WIDTH}" height="${DIAGRAM_HEIGHT}">` +
    frame +
    axis +
    parts.join('') +
    `<g class="anchors">${dots.join('')}</g>` +
    callouts.join('') +
    block +
    `</svg>`;
  return { svg, imageMap };
}
