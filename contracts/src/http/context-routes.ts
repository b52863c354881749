/**
 * Which context serves which HTTP path prefix. nginx (docker-compose) routes by this table, and a
 * test checks every route a context registers falls under one of its own prefixes. The spec's paths
 * mix contexts under `/api/catalogo`, so the prefixes are as specific as the spec needs.
 */
export const CONTEXT_HTTP_PREFIXES = {
  identity: [
    '/api/users/auth/',
    '/api/users/users/',
    '/api/core/sessionControlData/',
    '/api/users/userAdditionalAddress',
    '/internal/identity/',
    '/admin-api/users',
  ],
  catalog: [
    '/api/catalogo/catalogV2/',
    '/api/catalogo/catalog/',
    '/api/catalogo/catalogSubstitutions/',
    '/api/catalogo/catalogs',
    '/admin-api/catalog-error-reports',
  ],
  billing: [
    '/api/core/chargingPlans/',
    '/api/core/transaction/',
    '/api/core/appParameters',
    '/api/billing/',
    '/internal/billing/',
    // Counters and balances are billing's read model, though the spec files them under catalogue and garage paths.
    '/api/catalogo/catalogSubstitutions/getUserConsultations',
    '/api/catalogo/catalogV2/getSearchesPerformed',
    '/api/garage/vehicle/getConsultationsByPlateAvailable',
    '/admin-api/charging-plans',
    '/admin-api/app-parameters',
    '/admin-api/consultation-balances',
    '/admin-api/billing-metrics',
  ],
  marketplace: [
    '/api/catalogo/products',
    '/api/catalogo/productosQuestions',
    '/api/catalogo/images/',
    '/api/store/productsCategoryGroup',
    '/api/store/supplierApplications',
    '/api/cart/',
    '/api/favorites/',
    '/admin-api/stores',
    '/admin-api/products',
    '/admin-api/product-imports',
    '/admin-api/quotations',
    '/admin-api/product-questions',
    '/admin-api/supplier-applications',
    '/admin-api/store-api-clients',
    '/admin-api/store-api-deliveries',
    '/admin-api/store-ratings',
    // spec 000 §7 files the store rating's resend under identity's area; the score records are the marketplace's.
    '/api/users/users/resendScore',
  ],
  garage: ['/api/garage/', '/api/store/vehicleBrand', '/themes/'],
  agenda: ['/api/users/activitiesAgenda'],
  integrations: [
    '/api/integrations/',
    // spec 000 §7 files the MercadoLibre indicators under the marketplace's products; the listings are this context's.
    '/api/catalogo/products/indicatorsForProductsInML',
    '/admin-api/pies-brands',
    '/admin-api/channel-stores',
    '/admin-api/channel-listings',
  ],
  notifications: ['/api/notifications/', '/admin-api/notifications'],
  analytics: [
    '/api/analytics/',
    // spec 001 §7 files the search analytics under the catalogue's paths; the read model is this context's.
    '/api/catalogo/analitycsCatalogV2Search',
    '/admin-api/search-analytics',
  ],
} as const satisfies Record<string, readonly string[]>;

export type HttpContext = keyof typeof CONTEXT_HTTP_PREFIXES;

/** Paths with a parameter in the middle, which no prefix can express; they win over prefixes. */
export const CONTEXT_HTTP_PATTERNS: Partial<Record<HttpContext, readonly string[]>> = {
  billing: ['^/api/catalogo/catalogV2/[^/]+/getSearchesPerformedOemStore$'],
  // spec 000 §7 {prefix}/cart/page/sendQuotationToClientAjax: a store's path prefix (never a context's area,
  // RESERVED_PATH_PREFIXES) right under /api/.
  marketplace: ['^/api/[^/]+/cart/page/sendQuotationToClientAjax$'],
  // spec 000 §7 changeStateInML and deleteAllProductsOfGMC sit under the marketplace's products with an id in the middle.
  integrations: ['^/api/catalogo/products/[^/]+/changeStateInML$', '^/api/catalogo/products/[^/]+/deleteAllProductsOfGMC$'],
};

/** The context that serves a path: a matching pattern, else the longest matching prefix. */
export function contextForPath(path: string): HttpContext | undefined {
  const pathOnly = path.split('?')[0]!;
  for (const [ctx, patterns] of Object.entries(CONTEXT_HTTP_PATTERNS) as [HttpContext, readonly string[]][]) {
    if (patterns.some((p) => new RegExp(p).test(pathOnly))) return ctx;
  }
  let best: { ctx: HttpContext; len: number } | undefined;
  for (const [ctx, prefixes] of Object.entries(CONTEXT_HTTP_PREFIXES) as [HttpContext, readonly string[]][]) {
    for (const p of prefixes) if (path.startsWith(p) && (!best || p.length > best.len)) best = { ctx, len: p.length };
  }
  return best?.ctx;
}
