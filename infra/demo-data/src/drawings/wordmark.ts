import { DEMO_MAKES } from '../vehicles.js';
import { hash } from '../catalog/number-book.js';
import { escapeXml } from './exploded.js';

/**
 * A make's mark for the catalogue grid: its name set in bold capitals, in the make's own colours, on a
 * badge. Real logos are trade marks, so no artwork is copied: a wordmark in a make's colours is what a
 * catalogue may show by right, and it reads at a glance. A brand the demo does not know (one an
 * operator adds) gets colours of its own from its name.
 */
export const WORDMARK_WIDTH = 256;
export const WORDMARK_HEIGHT = 128;

export function makeColors(idOrName: string): [string, string] {
  const key = idOrName.toLowerCase();
  const make = DEMO_MAKES.find((m) => m.key === key || m.name.toLowerCase() === key);
  if (make) return make.colors;
  const h = hash(key, 0x165667b1);
  return [`hsl(${h % 360} 50% 30%)`, '#ffffff'];
}

/** The name on one or two lines: a long name breaks at its space or hyphen ('MERCEDES-|BENZ'). */
function lines(name: string): string[] {
  const upper = name.toUpperCase();
  if (upper.length <= 10) return [upper];
  const cut = upper.search(/[ -](?=[^ -]*$)/);
  if (cut <= 0) return [upper];
  const sep = upper[cut] === '-' ? '-' : '';
  return [upper.slice(0, cut) + sep, upper.slice(cut + 1)];
}

export function wordmarkSvg(name: string, colors: [string, string] = makeColors(name)): string {
  const [bg, fg] = colors;
  const rows = lines(name);
  const longest = Math.max(...rows.map((r) => r.length));
  // DejaVu Sans Bold is about 0.75 em a capital; the badge leaves a margin of 26 on each side.
  const size = Math.min(rows.length === 1 ? 46 : 34, Math.floor((WORDMARK_WIDTH - 52) / (longest * 0.76)));
  const gap = size * 1.1;
  const first = WORDMARK_HEIGHT / 2 + size * 0.36 - ((rows.length - 1) * gap) / 2;
  const text = rows
    .map(
      (row, i) =>
        `<text x="${WORDMARK_WIDTH / 2}" y="${(first + i * gap).toFixed(1)}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" letter-spacing="${(size * 0.04).toFixed(1)}" fill="${fg}">${escapeXml(row)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WORDMARK_WIDTH} ${WORDMARK_HEIGHT}" width="${WORDMARK_WIDTH}" height="${WORDMARK_HEIGHT}">` +
    `<rect x="2" y="2" width="${WORDMARK_WIDTH - 4}" height="${WORDMARK_HEIGHT - 4}" rx="18" fill="${bg}"/>` +
    `<rect x="10" y="10" width="${WORDMARK_WIDTH - 20}" height="${WORDMARK_HEIGHT - 20}" rx="12" fill="none" stroke="${fg}" stroke-opacity="0.35" stroke-width="2"/>` +
    text +
    `</svg>`
  );
}
