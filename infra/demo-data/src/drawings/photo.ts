import { DEMO_MAKES } from '../vehicles.js';
import { hash } from '../catalog/number-book.js';
import { PART_TYPE_BY_KEY } from '../catalog/reference.js';
import { escapeXml } from './exploded.js';
import { Pen } from './pen.js';
import { PART_DRAWINGS, partDrawing } from './parts.js';

/**
 * Product photos of the demo: the part type's drawing as a product shot on a light backdrop, with the
 * brand's name and the part number on the label, as a seller's photo of the box would show them. The
 * brands' colours are theirs (a colour is not artwork); unknown brands get a sober colour of their own.
 */
const BRAND_COLORS: Record<string, string> = {
  Bosch: '#E20015',
  'Mann-Filter': '#00843D',
  NGK: '#D7000F',
  Denso: '#DC0032',
  Gates: '#C8102E',
  SKF: '#0F58D6',
  Monroe: '#F5A800',
  KYB: '#E60012',
  Sachs: '#005CA9',
  Brembo: '#D7181F',
  Valeo: '#00A651',
  LuK: '#00407A',
  Mahle: '#004A93',
  Fram: '#E30613',
  Wix: '#00529B',
  Febi: '#1D1D1B',
  TRW: '#003D7C',
  Elring: '#E2001A',
  'Victor Reinz': '#003E7E',
  Dayco: '#E4032E',
  Continental: '#E58E00',
  Champion: '#E4002B',
  Osram: '#FF6600',
  Philips: '#0B5ED7',
  Walker: '#00457C',
  Melling: '#C8102E',
  Bilstein: '#005AA0',
  Eibach: '#C8102E',
  Depo: '#1A3D7C',
  DID: '#E60012',
  RK: '#0055A4',
  EBC: '#E30613',
  Vesrah: '#00953B',
  Hiflofiltro: '#E2001A',
  'K&N': '#D71920',
  Yuasa: '#E60012',
  Athena: '#E30613',
  'JT Sprockets': '#0067B1',
  Galfer: '#E30613',
  YSS: '#F7B500',
};

export function brandColor(brand: string): string {
  const known = BRAND_COLORS[brand] ?? DEMO_MAKES.find((m) => m.name === brand)?.colors[0];
  if (known) return known;
  const h = hash(brand, 0x27d4eb2f);
  return `hsl(${h % 360} 45% 34%)`;
}

export interface PhotoSubject {
  partType: string;
  brand: string;
  number: string;
  /** The make's own part ('Original' on the label). */
  original?: boolean;
}

export const PHOTO_SIZE = 480;

/** Where the catalogue serves a part's product photo (catalogMediaRoutes.partPhoto). */
export function partPhotoUrl(s: PhotoSubject): string {
  const q = new URLSearchParams({ brand: s.brand, number: s.number });
  if (s.original) q.set('original', '1');
  return `/api/catalogo/catalogV2/partPhotos/${encodeURIComponent(s.partType)}/photo.webp?${q.toString()}`;
}

/** The photo as SVG (the photo route renders it to WebP). An unknown part type is drawn as a boxed part. */
export function productPhotoSvg(s: PhotoSubject): string {
  const size = PHOTO_SIZE;
  const color = brandColor(s.brand);
  const known = PART_DRAWINGS[s.partType] !== undefined;
  const scale = 2.7;
  const drawing = known
    ? partDrawing(s.partType, new Pen(2.2 / scale, '#fbfcfd', '#26303a')).svg
    : boxDrawing(new Pen(2.2 / scale, '#fbfcfd', '#26303a'));
  const name = PART_TYPE_BY_KEY.get(s.partType)?.es ?? '';
  const font = 'font-family="DejaVu Sans, Arial, sans-serif"';
  const mono = 'font-family="DejaVu Sans Mono, Menlo, monospace"';
  const brandSize = fit(s.brand, 30, 300);
  const numberSize = fit(s.number, 26, 400, 0.62);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    `<defs><radialGradient id="bg" cx="50%" cy="38%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e4e9ee"/></radialGradient></defs>` +
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
    `<ellipse cx="240" cy="318" rx="150" ry="16" fill="#c9d1d8" opacity="0.6"/>` +
    `<g transform="translate(240 178) scale(${scale})" stroke-linejoin="round" stroke-linecap="round">${drawing}</g>` +
    `<rect x="0" y="352" width="${size}" height="128" fill="#ffffff"/>` +
    `<rect x="0" y="352" width="${size}" height="8" fill="${color}"/>` +
    `<text x="24" y="398" ${font} font-size="${brandSize}" font-weight="700" fill="${color}">${escapeXml(s.brand)}</text>` +
    (s.original
      ? `<rect x="${Math.min(340, 34 + textWidth(s.brand, brandSize))}" y="376" width="112" height="26" rx="13" fill="${color}"/><text x="${Math.min(340, 34 + textWidth(s.brand, brandSize)) + 56}" y="394" text-anchor="middle" ${font} font-size="13" font-weight="700" fill="#fff">ORIGINAL</text>`
      : '') +
    `<text x="24" y="436" ${mono} font-size="${numberSize}" font-weight="700" fill="#1d2327">${escapeXml(s.number)}</text>` +
    `<text x="24" y="464" ${font} font-size="15" fill="#56616b">${escapeXml(name)}</text>` +
    `</svg>`
  );
}

/** A part without a drawing: a closed carton with the part's outline stamped on it. */
function boxDrawing(p: Pen): string {
  return (
    p.path('M -40 -20 L 0 -36 L 40 -20 L 40 26 L 0 42 L -40 26 Z') + p.path('M -40 -20 L 0 -4 L 40 -20 M 0 -4 L 0 42', { fill: 'none' })
  );
}

/** Roughly how wide text is in a sans-serif font (DejaVu Sans averages about 0.6 em a character). */
function textWidth(text: string, size: number, em = 0.6): number {
  return text.length * size * em;
}

/** The font size, at most `max`, at which the text fits `width`. */
function fit(text: string, max: number, width: number, em = 0.6): number {
  return Math.max(12, Math.min(max, Math.floor(width / Math.max(1, text.length * em))));
}
