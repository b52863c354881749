import type { DemoRandom } from '../random.js';
import type { Shape } from './reference.js';
import type { ImageMapBox } from './types.js';

/** Exploded-diagram drawing: simple line art per part, numbered callouts, and an image map that matches them. */

export const DIAGRAM_WIDTH = 800;
export const DIAGRAM_HEIGHT = 600;
export const CALLOUT_RADIUS = 14;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function drawShape(shape: Shape, x: number, y: number, s: number): string {
  const st = 'fill="none" stroke="#222" stroke-width="2"';
  switch (shape) {
    case 'filter':
      return `<rect x="${r1(x - s * 0.5)}" y="${r1(y - s * 0.7)}" width="${r1(s)}" height="${r1(s * 1.4)}" rx="${r1(s * 0.12)}" ${st}/><ellipse cx="${r1(x)}" cy="${r1(y - s * 0.7)}" rx="${r1(s * 0.5)}" ry="${r1(s * 0.15)}" ${st}/><path d="M ${r1(x - s * 0.5)} ${r1(y - s * 0.2)} H ${r1(x + s * 0.5)} M ${r1(x - s * 0.5)} ${r1(y + s * 0.2)} H ${r1(x + s * 0.5)}" ${st}/>`;
    case 'plug':
      return `<path d="M ${r1(x)} ${r1(y - s * 0.8)} V ${r1(y - s * 0.4)} M ${r1(x - s * 0.15)} ${r1(y - s * 0.4)} H ${r1(x + s * 0.15)} V ${r1(y + s * 0.1)} H ${r1(x - s * 0.15)} Z M ${r1(x - s * 0.25)} ${r1(y + s * 0.1)} H ${r1(x + s * 0.25)} V ${r1(y + s * 0.35)} H ${r1(x - s * 0.25)} Z M ${r1(x - s * 0.1)} ${r1(y + s * 0.35)} V ${r1(y + s * 0.8)} H ${r1(x + s * 0.1)} V ${r1(y + s * 0.35)}" ${st}/>`;
    case 'disc':
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.7)}" ${st}/><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.25)}" ${st}/>${[0, 1, 2, 3, 4].map((i) => `<circle cx="${r1(x + Math.cos((i * 2 * Math.PI) / 5) * s * 0.42)}" cy="${r1(y + Math.sin((i * 2 * Math.PI) / 5) * s * 0.42)}" r="${r1(s * 0.05)}" ${st}/>`).join('')}`;
    case 'pad':
      return `<path d="M ${r1(x - s * 0.7)} ${r1(y - s * 0.3)} Q ${r1(x)} ${r1(y - s * 0.6)} ${r1(x + s * 0.7)} ${r1(y - s * 0.3)} L ${r1(x + s * 0.6)} ${r1(y + s * 0.3)} Q ${r1(x)} ${r1(y + s * 0.05)} ${r1(x - s * 0.6)} ${r1(y + s * 0.3)} Z" ${st}/><path d="M ${r1(x - s * 0.6)} ${r1(y + s * 0.45)} Q ${r1(x)} ${r1(y + s * 0.2)} ${r1(x + s * 0.6)} ${r1(y + s * 0.45)}" ${st}/>`;
    case 'belt':
      return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(s * 0.8)}" ry="${r1(s * 0.45)}" ${st}/><ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(s * 0.7)}" ry="${r1(s * 0.35)}" ${st}/>`;
    case 'shock':
      return `<rect x="${r1(x - s * 0.15)}" y="${r1(y - s * 0.1)}" width="${r1(s * 0.3)}" height="${r1(s * 0.9)}" ${st}/><path d="M ${r1(x)} ${r1(y - s * 0.1)} V ${r1(y - s * 0.8)} M ${r1(x - s * 0.2)} ${r1(y - s * 0.8)} H ${r1(x + s * 0.2)}" ${st}/><circle cx="${r1(x)}" cy="${r1(y + s * 0.9)}" r="${r1(s * 0.08)}" ${st}/>`;
    case 'spring': {
      let d = `M ${r1(x - s * 0.35)} ${r1(y - s * 0.8)}`;
      for (let i = 1; i <= 8; i++) d += ` L ${r1(x + (i % 2 ? s * 0.35 : -s * 0.35))} ${r1(y - s * 0.8 + (i * s * 1.6) / 8)}`;
      return `<path d="${d}" ${st}/>`;
    }
    case 'gasket':
      return `<rect x="${r1(x - s * 0.9)}" y="${r1(y - s * 0.35)}" width="${r1(s * 1.8)}" height="${r1(s * 0.7)}" rx="${r1(s * 0.1)}" ${st}/>${[-0.55, -0.2, 0.15, 0.5].map((k) => `<circle cx="${r1(x + k * s)}" cy="${r1(y)}" r="${r1(s * 0.14)}" ${st}/>`).join('')}`;
    case 'bolt':
      return `<path d="M ${r1(x - s * 0.2)} ${r1(y - s * 0.7)} H ${r1(x + s * 0.2)} V ${r1(y - s * 0.45)} H ${r1(x - s * 0.2)} Z M ${r1(x - s * 0.08)} ${r1(y - s * 0.45)} V ${r1(y + s * 0.7)} H ${r1(x + s * 0.08)} V ${r1(y - s * 0.45)}" ${st}/>`;
    case 'pump':
      return `<circle cx="${r1(x - s * 0.2)}" cy="${r1(y)}" r="${r1(s * 0.5)}" ${st}/><rect x="${r1(x + s * 0.1)}" y="${r1(y - s * 0.3)}" width="${r1(s * 0.6)}" height="${r1(s * 0.6)}" ${st}/><circle cx="${r1(x - s * 0.2)}" cy="${r1(y)}" r="${r1(s * 0.12)}" ${st}/>`;
    case 'box':
      return `<rect x="${r1(x - s * 0.8)}" y="${r1(y - s * 0.5)}" width="${r1(s * 1.6)}" height="${r1(s)}" ${st}/><path d="M ${r1(x - s * 0.8)} ${r1(y - s * 0.5)} L ${r1(x - s * 0.6)} ${r1(y - s * 0.7)} H ${r1(x + s)} L ${r1(x + s * 0.8)} ${r1(y - s * 0.5)} M ${r1(x + s)} ${r1(y - s * 0.7)} V ${r1(y + s * 0.3)} L ${r1(x + s * 0.8)} ${r1(y + s * 0.5)}" ${st}/>`;
    case 'hose':
      return `<path d="M ${r1(x - s * 0.8)} ${r1(y + s * 0.3)} C ${r1(x - s * 0.3)} ${r1(y - s * 0.8)} ${r1(x + s * 0.3)} ${r1(y + s * 0.8)} ${r1(x + s * 0.8)} ${r1(y - s * 0.3)}" fill="none" stroke="#222" stroke-width="${r1(s * 0.25)}" stroke-linecap="round"/>`;
    case 'bearing':
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.55)}" ${st}/><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.3)}" ${st}/><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.42)}" fill="none" stroke="#222" stroke-width="1" stroke-dasharray="3 3"/>`;
    case 'sensor':
      return `<path d="M ${r1(x - s * 0.2)} ${r1(y - s * 0.6)} H ${r1(x + s * 0.2)} V ${r1(y)} H ${r1(x - s * 0.2)} Z M ${r1(x - s * 0.08)} ${r1(y)} V ${r1(y + s * 0.6)} M ${r1(x + s * 0.2)} ${r1(y - s * 0.4)} C ${r1(x + s * 0.6)} ${r1(y - s * 0.4)} ${r1(x + s * 0.5)} ${r1(y - s * 0.9)} ${r1(x + s * 0.8)} ${r1(y - s * 0.8)}" ${st}/>`;
    case 'lamp':
      return `<path d="M ${r1(x - s * 0.8)} ${r1(y - s * 0.3)} Q ${r1(x)} ${r1(y - s * 0.7)} ${r1(x + s * 0.8)} ${r1(y - s * 0.2)} L ${r1(x + s * 0.6)} ${r1(y + s * 0.4)} H ${r1(x - s * 0.7)} Z" ${st}/><circle cx="${r1(x - s * 0.2)}" cy="${r1(y)}" r="${r1(s * 0.2)}" ${st}/>`;
    case 'arm':
      return `<path d="M ${r1(x - s * 0.8)} ${r1(y - s * 0.4)} L ${r1(x + s * 0.7)} ${r1(y + s * 0.1)} L ${r1(x - s * 0.6)} ${r1(y + s * 0.5)}" ${st}/><circle cx="${r1(x + s * 0.7)}" cy="${r1(y + s * 0.1)}" r="${r1(s * 0.12)}" ${st}/>`;
    case 'coil':
      return `<rect x="${r1(x - s * 0.25)}" y="${r1(y - s * 0.8)}" width="${r1(s * 0.5)}" height="${r1(s * 0.4)}" ${st}/><rect x="${r1(x - s * 0.12)}" y="${r1(y - s * 0.4)}" width="${r1(s * 0.24)}" height="${r1(s * 1.1)}" ${st}/>`;
  }
}

export interface DiagramItem {
  code: string;
  shape: Shape;
  label: string;
}

/**
 * Draws the parts on a grid with a dashed assembly axis, a numbered callout circle per part joined to
 * it by a leader line; the image map boxes surround each callout circle.
 */
export function explodedDiagram(rng: DemoRandom, title: string, items: DiagramItem[]): { svg: string; imageMap: ImageMapBox[] } {
  const n = items.length;
  const cols = n <= 2 ? n : n <= 4 ? 2 : 3;
  const rows = Math.ceil(n / cols);
  const top = 60;
  const cellW = (DIAGRAM_WIDTH - 40) / cols;
  const cellH = (DIAGRAM_HEIGHT - top - 20) / rows;
  const size = Math.min(cellW, cellH) * 0.32;
  const parts: string[] = [];
  const callouts: string[] = [];
  const imageMap: ImageMapBox[] = [];
  const centres: [number, number][] = [];
  items.forEach((item, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const x = 20 + cellW * col + cellW / 2 + (rng.next() - 0.5) * cellW * 0.12;
    const y = top + cellH * row + cellH / 2 + 8 + (rng.next() - 0.5) * cellH * 0.1;
    centres.push([x, y]);
    parts.push(`<g class="part" data-code="${item.code}"><title>${escapeXml(item.label)}</title>${drawShape(item.shape, x, y, size)}</g>`);
    const cx = Math.round(20 + cellW * col + CALLOUT_RADIUS + 8 + rng.next() * cellW * 0.12);
    const cy = Math.round(top + cellH * row + CALLOUT_RADIUS + 6);
    const lx = x - size * 0.5;
    const ly = y - size * 0.5;
    callouts.push(
      `<g class="callout" data-code="${item.code}"><line x1="${cx}" y1="${cy}" x2="${r1(lx)}" y2="${r1(ly)}" stroke="#555" stroke-width="1"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${CALLOUT_RADIUS}" fill="#fff" stroke="#c0392b" stroke-width="2"/>` +
        `<text x="${cx}" y="${cy + 5}" text-anchor="middle" font-family="Arial, sans-serif" font-size="14" fill="#c0392b">${escapeXml(item.code)}</text></g>`,
    );
    const pad = 3;
    imageMap.push({
      code: item.code,
      x1: cx - CALLOUT_RADIUS - pad,
      y1: cy - CALLOUT_RADIUS - pad,
      x2: cx + CALLOUT_RADIUS + pad,
      y2: cy + CALLOUT_RADIUS + pad,
    });
  });
  const axis =
    centres.length > 1
      ? `<path d="M ${centres.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(' L ')}" fill="none" stroke="#999" stroke-width="1" stroke-dasharray="6 4"/>`
      : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${DIAGRAM_WIDTH} ${DIAGRAM_HEIGHT}" width="${DIAGRAM_WIDTH}" height="${DIAGRAM_HEIGHT}">` +
    `<rect x="0" y="0" width="${DIAGRAM_WIDTH}" height="${DIAGRAM_HEIGHT}" fill="#fff"/>` +
    `<text x="20" y="36" font-family="Arial, sans-serif" font-size="18" fill="#222">${escapeXml(title)}</text>` +
    `${axis}${parts.join('')}${callouts.join('')}</svg>`;
  return { svg, imageMap };
}
