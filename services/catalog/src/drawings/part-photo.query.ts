import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import sharp from 'sharp';
import { t, type PartPhotoQuery } from '@tuerca/contracts';
import { PART_DRAWINGS, productPhotoSvg } from '@tuerca/demo-data';
import { NotFoundError } from '@tuerca/platform';
import { BoundedCache } from './bounded-cache.js';

/** A product photo of a part: WebP bytes. */
export class GetPartPhoto extends Query<Buffer> {
  constructor(
    readonly partType: string,
    readonly label: PartPhotoQuery,
  ) {
    super();
  }
}

/**
 * Product photos for the demo's listings (imagesURLs): the part type's drawing as a product shot with the
 * brand and the part number on the label, rendered to WebP by sharp (libvips with librsvg) and kept in
 * memory. Sellers' own photos are uploads and never come here.
 */
@QueryHandler(GetPartPhoto)
export class GetPartPhotoHandler implements IQueryHandler<GetPartPhoto> {
  private readonly rendered = new BoundedCache<string, Buffer>(500);

  async execute({ partType, label }: GetPartPhoto): Promise<Buffer> {
    if (!PART_DRAWINGS[partType]) throw new NotFoundError(t('catalogV2.partTypeNotFound', { partType }));
    const key = `${partType}\u0000${label.brand}\u0000${label.number}\u0000${label.original}`;
    const cached = this.rendered.get(key);
    if (cached) return cached;
    const svg = productPhotoSvg({ partType, brand: label.brand, number: label.number, original: label.original === '1' });
    const webp = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
    this.rendered.set(key, webp);
    return webp;
  }
}
