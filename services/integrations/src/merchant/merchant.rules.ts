/**
 * Google's product data specification (support.google.com/merchants/answer/7052112) for a seller's product:
 * the required attributes id, title, description, link, image_link, availability, price, brand, mpn (the
 * part number; autoparts have no GTIN), condition, and the shipping country. Used by the store's feed and by
 * the Merchant API's ProductInput.
 */
export interface FeedProduct {
  id: string;
  storeId: string;
  title: string;
  description: string;
  brand: string;
  reference: string;
  stock: number;
  price: number;
  images: string[];
}

export interface FeedStore {
  country: 'CO' | 'MX';
  currency: 'COP' | 'MXN';
}

/** Google's title and description limits. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

/** The spec's results page for the part number: where a shopper coming from Google lands. */
export const productLink = (publicUrl: string, p: Pick<FeedProduct, 'reference'>): string =>
  `${publicUrl.replace(/\/$/, '')}/catalogo/page/results?search=${encodeURIComponent(p.reference)}`;

export const offerIdOf = (p: Pick<FeedProduct, 'id'>): string => p.id;

/** The product as Google's data format names it (feed attributes). */
export function feedAttributes(p: FeedProduct, store: FeedStore, publicUrl: string) {
  return {
    id: offerIdOf(p),
    title: p.title.slice(0, TITLE_MAX),
    description: (p.description.trim() || p.title).slice(0, DESCRIPTION_MAX),
    link: productLink(publicUrl, p),
    image_link: p.images[0] ?? null,
    additional_image_link: p.images.slice(1, 11),
    availability: p.stock > 0 ? 'in_stock' : 'out_of_stock',
    price: `${p.price.toFixed(2)} ${store.currency}`,
    brand: p.brand,
    mpn: p.reference,
    identifier_exists: 'no',
    condition: 'new',
    shipping_country: store.country,
  } as const;
}

/** Google's required attributes a product lacks (the feed leaves such products out). */
export function missingRequired(p: FeedProduct): string[] {
  const missing: string[] = [];
  if (!p.title.trim()) missing.push('title');
  if (!p.images[0]) missing.push('image_link');
  if (!(p.price > 0)) missing.push('price');
  if (!p.brand.trim()) missing.push('brand');
  if (!p.reference.trim()) missing.push('mpn');
  return missing;
}

const xml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A store's feed: RSS 2.0 with Google's `g:` namespace (the format Merchant Center's scheduled fetch reads). */
export function feedXml(store: FeedStore & { name: string }, products: readonly FeedProduct[], publicUrl: string): string {
  const items = products
    .filter((p) => missingRequired(p).length === 0)
    .map((p) => {
      const a = feedAttributes(p, store, publicUrl);
      return [
        '<item>',
        `<g:id>${xml(a.id)}</g:id>`,
        `<g:title>${xml(a.title)}</g:title>`,
        `<g:description>${xml(a.description)}</g:description>`,
        `<g:link>${xml(a.link)}</g:link>`,
        `<g:image_link>${xml(a.image_link!)}</g:image_link>`,
        ...a.additional_image_link.map((u) => `<g:additional_image_link>${xml(u)}</g:additional_image_link>`),
        `<g:availability>${a.availability}</g:availability>`,
        `<g:price>${xml(a.price)}</g:price>`,
        `<g:brand>${xml(a.brand)}</g:brand>`,
        `<g:mpn>${xml(a.mpn)}</g:mpn>`,
        `<g:identifier_exists>${a.identifier_exists}</g:identifier_exists>`,
        `<g:condition>${a.condition}</g:condition>`,
        `<g:shipping><g:country>${a.shipping_country}</g:country></g:shipping>`,
        '</item>',
      ].join('');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xml(store.name)}</title>`,
    `<link>${xml(publicUrl)}</link>`,
    `<description>${xml(`Productos de ${store.name} en Tuerca`)}</description>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The Merchant API's ProductInput (products v1) for a product. */
export function productInputOf(p: FeedProduct, store: FeedStore, publicUrl: string) {
  const a = feedAttributes(p, store, publicUrl);
  return {
    offerId: a.id,
    contentLanguage: 'es',
    feedLabel: store.country,
    productAttributes: {
      title: a.title,
      description: a.description,
      link: a.link,
      imageLink: a.image_link,
      additionalImageLinks: a.additional_image_link,
      availability: a.availability === 'in_stock' ? 'IN_STOCK' : 'OUT_OF_STOCK',
      price: { amountMicros: String(Math.round(p.price * 1_000_000)), currencyCode: store.currency },
      brand: a.brand,
      mpn: a.mpn,
      identifierExists: false,
      condition: 'NEW',
      shipping: [{ country: store.country }],
    },
  };
}
