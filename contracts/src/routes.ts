import { routeKey, type RouteContract } from './http/route.js';
import { routesOf } from './http/admin-routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { whatsappRoutes } from './notifications/whatsapp.routes.js';
import { activitiesRoutes } from './agenda/activities.routes.js';
import { channelsAdminRoutes, mercadoLibreRoutes, merchantRoutes, piesRoutes } from './integrations/integrations.routes.js';
import { suppliersRoutes } from './marketplace/suppliers.routes.js';
import { quoteRequestsAdmin, quoteRequestsRoutes } from './marketplace/quote-requests.routes.js';
import { invitationRoutes } from './identity/invitations.routes.js';
import { adminUsersRoutes } from './identity/users.routes.js';
import { authRoutes, internalSessionRoutes } from './identity/auth.routes.js';
import { catalogDataRoutes } from './marketplace/catalog-data.routes.js';
import { searchRoutes } from './marketplace/search.routes.js';
import { cartRoutes } from './marketplace/cart.routes.js';
import { quotationsRoutes } from './marketplace/quotations.routes.js';
import { questionsAdminRoutes, questionsRoutes } from './marketplace/questions.routes.js';
import { purchasesRoutes } from './marketplace/purchases.routes.js';
import { billingAdminRoutes } from './billing/admin.routes.js';
import { countersRoutes } from './billing/counters.routes.js';
import { marketplacePaymentsRoutes } from './billing/marketplace-payments.js';
import { meteringRoutes } from './billing/metering.routes.js';
import { parametersRoutes } from './billing/parameters.routes.js';
import { paymentsRoutes } from './billing/payments.routes.js';
import { plansRoutes } from './billing/plans.routes.js';
import { addressRoutes } from './identity/address.routes.js';
import { catalogBrowseRoutes } from './catalog/browse.routes.js';
import { catalogLookupRoutes } from './catalog/lookup.routes.js';
import { catalogMediaRoutes } from './catalog/media.routes.js';
import { catalogOldRoutes } from './catalog/old.routes.js';
import { catalogExportRoutes } from './catalog/export.routes.js';
import { catalogImportsRoutes } from './catalog/imports.routes.js';
import { crossReferencesRoutes } from './catalog/cross-references.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { analyticsAdminRoutes } from './analytics/admin.routes.js';
import { catalogAdminRoutes } from './catalog/admin.routes.js';
import { deadLettersRoutes } from './platform/dead-letters.routes.js';
import { productsRoutes } from './marketplace/products.routes.js';
import { importsRoutes } from './marketplace/imports.routes.js';
import { marketplaceAdminRoutes } from './marketplace/admin.routes.js';
import { storeApiRoutes } from './marketplace/store-api.routes.js';
import { ratingsRoutes } from './marketplace/ratings.routes.js';
import { closingAdminRoutes, closingRoutes } from './marketplace/closing.routes.js';
import { vehicleBrandsRoutes } from './garage/brands.routes.js';
import { garageVehiclesRoutes } from './garage/vehicles.routes.js';
import { garagePlatesRoutes } from './garage/plates.routes.js';

/**
 * Every route of the product, defined once in this package, context by context. Any process can serve the
 * whole OpenAPI document from it, the consoles' typed client is built from it, and a test checks that the
 * served routes and these contracts are the same set.
 */
export const ROUTES_BY_CONTEXT = {
  notifications: [...routesOf(notificationsRoutes), ...routesOf(whatsappRoutes)],
  identity: [
    ...routesOf(authRoutes),
    ...routesOf(adminUsersRoutes),
    ...routesOf(internalSessionRoutes),
    ...routesOf(addressRoutes),
    ...routesOf(invitationRoutes),
  ],
  marketplace: [
    ...routesOf(suppliersRoutes),
    ...routesOf(searchRoutes),
    ...routesOf(catalogDataRoutes),
    ...routesOf(productsRoutes),
    ...routesOf(importsRoutes),
    ...routesOf(marketplaceAdminRoutes),
    ...routesOf(cartRoutes),
    ...routesOf(quotationsRoutes),
    ...routesOf(questionsRoutes),
    ...routesOf(questionsAdminRoutes),
    ...routesOf(quoteRequestsRoutes),
    ...routesOf(quoteRequestsAdmin),
    ...routesOf(purchasesRoutes),
    ...routesOf(storeApiRoutes),
    ...routesOf(ratingsRoutes),
    ...routesOf(closingRoutes),
    ...routesOf(closingAdminRoutes),
  ],
  billing: routesOf({
    parametersRoutes,
    countersRoutes,
    meteringRoutes,
    plansRoutes,
    paymentsRoutes,
    marketplacePaymentsRoutes,
    ...billingAdminRoutes,
  }),
  agenda: routesOf(activitiesRoutes),
  integrations: [...routesOf(piesRoutes), ...routesOf(mercadoLibreRoutes), ...routesOf(merchantRoutes), ...routesOf(channelsAdminRoutes)],
  analytics: [...routesOf(analyticsRoutes), ...routesOf(analyticsAdminRoutes)],
  garage: [...routesOf(vehicleBrandsRoutes), ...routesOf(garageVehiclesRoutes), ...routesOf(garagePlatesRoutes)],
  catalog: [
    ...routesOf(catalogBrowseRoutes),
    ...routesOf(catalogLookupRoutes),
    ...routesOf(catalogMediaRoutes),
    ...routesOf(catalogOldRoutes),
    ...routesOf(catalogExportRoutes),
    ...routesOf(catalogImportsRoutes),
    ...routesOf(crossReferencesRoutes),
    ...routesOf(catalogAdminRoutes),
  ],
  /** The kernel's own operator resources, served by every process. */
  platform: routesOf(deadLettersRoutes),
} satisfies Record<string, RouteContract[]>;

export const ALL_ROUTES: RouteContract[] = Object.values(ROUTES_BY_CONTEXT).flat();

/** The contract of `METHOD /path`, for clients that look a route up by its key. */
export const ROUTE_BY_KEY = new Map(ALL_ROUTES.map((r) => [routeKey(r), r]));
