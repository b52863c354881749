import { SuppliersController } from './suppliers/suppliers.controller.js';
import { ApplyAsSupplierHandler } from './suppliers/apply-as-supplier.command.js';
import { ReviewSupplierApplicationHandler } from './suppliers/review-supplier-application.command.js';
import { GetSupplierApplicationHandler, ListSupplierApplicationsHandler } from './suppliers/supplier-applications.queries.js';
import { Module } from '@nestjs/common';
import { ContextDatabaseModule, contextConfigProvider } from '@tuerca/platform';
import { marketplaceConfig } from './marketplace.config.js';
import { marketplaceDatabase } from './marketplace.database.js';
import { QUOTATIONS_CONTROLLERS, QUOTATIONS_PROVIDERS } from './quotations/index.js';
import { QUESTIONS_CONTROLLERS, QUESTIONS_PROVIDERS } from './questions/index.js';
import { CART_CONTROLLERS, CART_PROVIDERS } from './cart/index.js';
import { PURCHASES_CONTROLLERS, PURCHASES_PROVIDERS } from './purchases/index.js';
import { STORE_API_CONTROLLERS, STORE_API_PROVIDERS } from './store-api/index.js';
import { RATINGS_CONTROLLERS, RATINGS_PROVIDERS } from './ratings/index.js';
import { CLOSING_CONTROLLERS, CLOSING_PROVIDERS } from './closing/index.js';
import { GarageVehiclesConsumer, ApplyGarageVehicleEventHandler } from './garage-vehicles/garage-vehicles.consumer.js';
import { AppParametersConsumer, RecordAppParameterHandler } from './parameters/app-parameters.consumer.js';
import { ApplyBrandMappingEventHandler, BrandMappingsConsumer } from './brand-mappings/brand-mappings.consumer.js';
import { CatalogDataController } from './catalog-data/catalog-data.controller.js';
import { ListCategoriesHandler } from './catalog-data/list-categories.query.js';
import { FindImagesHandler } from './catalog-data/find-images.query.js';
import { SearchController } from './search/search.controller.js';
import { SearchProductsHandler } from './search/search-products.query.js';
import { ReferenceAnswerCache } from './search/reference-answers.cache.js';
import { PersonParts } from './search/person-part.js';
import { TextAnswerCache } from './search/text-answers.cache.js';
import { SearchByReferenceHandler } from './search/search-by-reference.query.js';
import { ProductsSearchRecorder } from './search/products-search-recorder.js';
import { GetProductHandler, GetProductsHandler } from './search/get-products.query.js';
import { ListFacetHandler } from './search/facets.query.js';
import { GetMarketPricesHandler } from './search/market-prices.query.js';
import { GetCompatibleVehiclesHandler } from './search/compatible-vehicles.query.js';
import { ProductSearchConsumer } from './search/product-search.consumer.js';
import { ProjectProductEventHandler } from './search/project-product-event.command.js';
import { ReplaceCrossReferencesHandler } from './search/replace-cross-references.command.js';
import { ProductsController } from './products/products.controller.js';
import { CreateProductHandler } from './products/create-product.command.js';
import { UpdateProductHandler } from './products/update-product.command.js';
import { ChangeProductHandler } from './products/change-product.command.js';
import { ChangeStoreProductsHandler } from './products/change-store-products.command.js';
import { CountProductVisitHandler } from './products/count-product-visit.command.js';
import { SaveServiceOrderPriceHandler } from './products/save-service-order-price.command.js';
import { GetProductSuggestionsHandler } from './products/product-suggestions.query.js';
import {
  CountStoreProductsHandler,
  GetCompatibilityIndicatorHandler,
  GetProductQualityHandler,
  ListStoreProductsHandler,
  LoadProductHandler,
  ProductExistsHandler,
} from './products/seller-products.queries.js';
import { SaveStoreHandler } from './stores/save-store.command.js';
import { GetStoreHandler, ListStoresHandler } from './stores/store.queries.js';
import { AdminProductsController, AdminQuotationsController, AdminStoresController } from './admin/admin.controllers.js';
import { GetAdminProductHandler, ListAdminProductsHandler } from './admin/admin-products.queries.js';
import { UpdateProductFromConsoleHandler } from './admin/update-product-from-console.command.js';
import { AnswerQuotationFromConsoleHandler, GetAdminQuotationHandler, ListAdminQuotationsHandler } from './admin/admin-quotations.js';
import { AdminProductImportsController, ProductImportsController } from './imports/imports.controller.js';
import { ProductImportBodyLimit } from './imports/import-body-limit.js';
import { ProductImportJobHandler } from './imports/product-import.job.js';
import { UploadProductImportHandler } from './imports/upload-product-import.command.js';
import { RejectProductImportHandler, RunProductImportHandler } from './imports/run-product-import.command.js';
import { GetProductImportHandler, ListAdminProductImportsHandler, ListProductImportsHandler } from './imports/product-import.queries.js';

/**
 * Marketplace: stores and sellers' products, the search read model (text and part number, with the
 * catalogue's cross-references as substitutes), availability and the per-person sort order,
 * quotations with seller answers and purchase windows, the cart, the checkout and the buyer's transactions,
 * service-order prices, spreadsheet imports.
 */
@Module({
  imports: [ContextDatabaseModule.forContext(marketplaceDatabase)],
  controllers: [
    SuppliersController,
    SearchController,
    ProductsController,
    ...QUOTATIONS_CONTROLLERS,
    ...QUESTIONS_CONTROLLERS,
    ...CART_CONTROLLERS,
    ...PURCHASES_CONTROLLERS,
    ...STORE_API_CONTROLLERS,
    ...RATINGS_CONTROLLERS,
    ...CLOSING_CONTROLLERS,
    AdminStoresController,
    AdminProductsController,
    AdminQuotationsController,
    CatalogDataController,
    ProductImportsController,
    AdminProductImportsController,
  ],
  providers: [
    ApplyAsSupplierHandler,
    ReviewSupplierApplicationHandler,
    ListSupplierApplicationsHandler,
    GetSupplierApplicationHandler,
    contextConfigProvider(marketplaceConfig),
    // quotations/, cart/, purchases/ and the read models they use
    ...QUOTATIONS_PROVIDERS,
    // questions/: product questions and the compatibility verdict
    ...QUESTIONS_PROVIDERS,
    ...CART_PROVIDERS,
    ...PURCHASES_PROVIDERS,
    // store-api/: stores' order APIs (clients, signed deliveries, the store's side of a transaction)
    ...STORE_API_PROVIDERS,
    // ratings/: buyers rate stores; the summaries next to the store's name in results
    ...RATINGS_PROVIDERS,
    ...CLOSING_PROVIDERS,
    GarageVehiclesConsumer,
    ApplyGarageVehicleEventHandler,
    AppParametersConsumer,
    RecordAppParameterHandler,
    BrandMappingsConsumer,
    ApplyBrandMappingEventHandler,
    // catalog-data/
    ListCategoriesHandler,
    FindImagesHandler,
    // search/
    SearchProductsHandler,
    SearchByReferenceHandler,
    ProductsSearchRecorder,
    ReferenceAnswerCache,
    PersonParts,
    TextAnswerCache,
    GetProductsHandler,
    GetProductHandler,
    ListFacetHandler,
    GetMarketPricesHandler,
    GetCompatibleVehiclesHandler,
    ProductSearchConsumer,
    ProjectProductEventHandler,
    ReplaceCrossReferencesHandler,
    // products/
    CreateProductHandler,
    UpdateProductHandler,
    ChangeProductHandler,
    ChangeStoreProductsHandler,
    CountProductVisitHandler,
    SaveServiceOrderPriceHandler,
    GetProductSuggestionsHandler,
    CountStoreProductsHandler,
    GetCompatibilityIndicatorHandler,
    GetProductQualityHandler,
    ListStoreProductsHandler,
    LoadProductHandler,
    ProductExistsHandler,
    // stores/
    SaveStoreHandler,
    GetStoreHandler,
    ListStoresHandler,
    // admin/
    GetAdminProductHandler,
    ListAdminProductsHandler,
    UpdateProductFromConsoleHandler,
    AnswerQuotationFromConsoleHandler,
    GetAdminQuotationHandler,
    ListAdminQuotationsHandler,
    // imports/
    ProductImportBodyLimit,
    ProductImportJobHandler,
    UploadProductImportHandler,
    RunProductImportHandler,
    RejectProductImportHandler,
    GetProductImportHandler,
    ListAdminProductImportsHandler,
    ListProductImportsHandler,
  ],
})
export class MarketplaceModule {}
