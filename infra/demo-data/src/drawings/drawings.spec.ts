import { describe, expect, it } from '@jest/globals';
import { PART_TYPES } from '../catalog/reference.js';
import { catalogUnits } from '../catalog/generate.js';
import { DEMO_MAKES } from '../vehicles.js';
import { Pen } from './pen.js';
import { PART_DRAWINGS, partDrawing } from './parts.js';
import { partPhotoUrl, productPhotoSvg } from './photo.js';
import { wordmarkSvg } from './wordmark.js';

/** Tags open and close in order, and no number went missing on the way. */
function wellFormed(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (m[1]) {
      if (stack.pop() !== m[2]) problems.push(`unbalanced </${m[2]}>`);
    } else if (!m[3]) stack.push(m[2]!);
  }
  if (stack.length) problems.push(`unclosed ${stack.join(',')}`);
  if (/NaN|undefined|Infinity/.test(svg)) problems.push('a number is not one');
  return problems;
}

describe('drawings', () => {
  it('draws every part type of the catalogue, inside its box, with its leader point on it', () => {
    const problems: string[] = [];
    for (const pt of PART_TYPES) {
      if (!PART_DRAWINGS[pt.key]) {
        problems.push(`${pt.key}: no drawing`);
        continue;
      }
      for (const motorcycle of [false, true]) {
        const d = partDrawing(pt.key, new Pen(1.5), motorcycle);
        problems.push(...wellFormed(`<g>${d.svg}</g>`).map((p) => `${pt.key}: ${p}`));
        const [x, y] = d.anchor;
        if (Math.abs(x) > 55 || Math.abs(y) > 55) problems.push(`${pt.key}: anchor ${x},${y} outside`);
        for (const m of d.svg.matchAll(/(?:cx|cy|x|y)="(-?[\d.]+)"/g))
          if (Math.abs(Number(m[1])) > 60) problems.push(`${pt.key}: ${m[0]} outside the box`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lays a unit out the same whether or not it is drawn (the seeder keeps the map, the route draws later)', () => {
    const drawn = [...catalogUnits(2026, 1)].slice(0, 600);
    const mapped = [...catalogUnits(2026, 1, { svg: false })].slice(0, 600);
    expect(mapped.map((u) => u.imageMap)).toEqual(drawn.map((u) => u.imageMap));
    expect(mapped.every((u) => u.svg === '')).toBe(true);
    // One drawing per part, each with its part type, ghost copies for the ones the vehicle takes several of.
    const unit = drawn.find((u) => u.code === '103-010')!;
    expect(unit.svg.match(/<g class="part" /g)).toHaveLength(unit.imageMap.length);
    expect(unit.svg).toContain('data-part-type="spark-plug"');
  });

  it('photographs a part with its brand and number on the label', () => {
    const svg = productPhotoSvg({ partType: 'fuel-filter', brand: 'Mann-Filter', number: 'WK 616/1' });
    expect(wellFormed(svg)).toEqual([]);
    expect(svg).toContain('>Mann-Filter</text>');
    expect(svg).toContain('>WK 616/1</text>');
    expect(svg).toContain('>Filtro de combustible</text>');
    const original = productPhotoSvg({ partType: 'front-disc', brand: 'Chevrolet', number: '96904909', original: true });
    expect(original).toContain('>ORIGINAL</text>');
    expect(wellFormed(productPhotoSvg({ partType: 'no-such-part', brand: 'A & B <C>', number: '1"2' }))).toEqual([]);
    expect(partPhotoUrl({ partType: 'fuel-filter', brand: 'Mann-Filter', number: 'WK 616/1' })).toBe(
      '/api/catalogo/catalogV2/partPhotos/fuel-filter/photo.webp?brand=Mann-Filter&number=WK+616%2F1',
    );
  });

  it('sets every make’s wordmark in one or two lines of its name, in its colours', () => {
    const problems: string[] = [];
    for (const make of DEMO_MAKES) {
      const svg = wordmarkSvg(make.name, make.colors);
      problems.push(...wellFormed(svg).map((p) => `${make.name}: ${p}`));
      const lines = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      if (lines.length < 1 || lines.length > 2) problems.push(`${make.name}: ${lines.length} lines`);
      if (lines.join(' ').replace('- ', '-') !== make.name.toUpperCase().replace(/&/g, '&amp;'))
        problems.push(`${make.name}: ${lines.join('|')}`);
      if (!svg.includes(`fill="${make.colors[0]}"`)) problems.push(`${make.name}: not in its colours`);
    }
    expect(problems).toEqual([]);
  });
});
