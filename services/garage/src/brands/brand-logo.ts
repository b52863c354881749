import sharp from 'sharp';
import { makeColors, wordmarkSvg } from '@tuerca/demo-data';

/**
 * A brand's mark for the catalogue grid and the vehicle form: its wordmark (the name in bold capitals)
 * in the make's own colours, rendered to WebP by sharp (libvips, librsvg for the SVG, the runtime
 * image's DejaVu fonts). Real logos are trade marks and none is copied; a brand an operator adds gets
 * colours of its own from its id. 256×128, about 4 KB.
 */
export async function brandLogoWebp(id: string, name: string): Promise<Buffer> {
  return sharp(Buffer.from(wordmarkSvg(name, makeColors(id))))
    .webp({ quality: 90 })
    .toBuffer();
}
