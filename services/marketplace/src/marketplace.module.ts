import { Module, type OnModuleInit } from '@nestjs/common';
import { ApiRoutes, ContextDatabaseModule } from '@tuerca/platform';
import { marketplaceDatabase } from './marketplace.database.js';
import { ProductsController } from './products/products.controller.js';
import { ProductsService } from './products/products.service.js';
import { SellerReader } from './products/seller.reader.js';
import { ServiceOrderPrices } from './products/service-order-prices.js';
import { productsRoutes } from './products/products.routes.js';
import { SearchReader } from './search/search.reader.js';
import { ProductSearchProjection } from './search/product-search.projection.js';
import { QuotationsService } from './quotations/quotations.service.js';
import { CartService } from './cart/cart.service.js';
import { CartPageController, FavoritesPageController, PendingCartController, QuotationsController } from './cart/cart.controller.js';
import { cartRoutes } from './cart/cart.routes.js';
import { StoresService } from './stores/stores.service.js';
import { AdminProductsController, AdminQuotationsController, AdminStoresController } from './admin/admin.controllers.js';
import { marketplaceAdminRoutes } from './admin/admin.routes.js';
import { CatalogDataController, catalogDataRoutes } from './catalog-data/catalog-data.controller.js';
import { IMPORTS_CONTROLLERS, IMPORTS_PROVIDERS, importsRoutes } from './imports/index.js';

/**
 * Marketplace: stores and sellers' products, the search read model (text and part number, with the
 * catalogue's cross-references as substitutes), availability and the per-person sort order,
 * quotations with seller answers and purchase windows, the cart, service-order prices.
 */
@Module({
  imports: [ContextDatabaseModule.forContext(marketplaceDatabase)],
  controllers: [
    ProductsController,
    QuotationsController,
    PendingCartController,
    CartPageController,
    FavoritesPageController,
    AdminStoresController,
    AdminProductsController,
    AdminQuotationsController,
    CatalogDataController,
    ...IMPORTS_CONTROLLERS,
  ],
  providers: [
    ProductsService,
    SellerReader,
    ServiceOrderPrices,
    SearchReader,
    ProductSearchProjection,
    QuotationsService,
    CartService,
    StoresService,
    ...IMPORTS_PROVIDERS,
  ],
})
export class MarketplaceModule implements OnModuleInit {
  constructor(private readonly routes: ApiRoutes) {}

  onModuleInit(): void {
    this.routes.register(...productsRoutes, ...cartRoutes, ...marketplaceAdminRoutes, ...catalogDataRoutes, ...importsRoutes);
  }
}
