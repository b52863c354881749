import type { ContextDatabaseOptions, KyselyDB } from '@tuerca/platform';
import { Migration001Marketplace } from './migrations/Migration001Marketplace.js';
import { Migration002ProductImports } from './migrations/Migration002ProductImports.js';
import { Migration003SearchTuning } from './migrations/Migration003SearchTuning.js';
import { Migration004Purchases } from './migrations/Migration004Purchases.js';
import { Migration005Closing } from './migrations/Migration005Closing.js';
import { Migration007QuotationWindows } from './migrations/Migration007QuotationWindows.js';
import { Migration008StoreApi } from './migrations/Migration008StoreApi.js';
import { Migration009Ratings } from './migrations/Migration009Ratings.js';
import { Migration010SupplierApplications } from './migrations/Migration010SupplierApplications.js';
import { Migration011ProductQuestions } from './migrations/Migration011ProductQuestions.js';
import { ProductQuestion } from './questions/product-question.entity.js';
import { Migration012QuoteRequests } from './migrations/Migration012QuoteRequests.js';
import { Migration013BrandMappings } from './migrations/Migration013BrandMappings.js';
import { Migration014LookupCache } from './migrations/Migration014LookupCache.js';
import { Migration015ChangeNotices } from './migrations/Migration015ChangeNotices.js';
import { BrandMapping } from './brand-mappings/brand-mapping.entity.js';
import { SupplierApplication } from './suppliers/supplier-application.entity.js';
import { Store } from './stores/store.entity.js';
import { Product } from './products/product.entity.js';
import { Quotation } from './quotations/quotation.entity.js';
import { QuoteOffer, QuoteRequest, QuoteRequestLine, QuoteRequestSeller } from './quotations/quote-request.entities.js';
import { CartItem } from './cart/cart-item.entity.js';
import { ProductSearch } from './search/product-search.entity.js';
import { ProductRef } from './search/product-ref.entity.js';
import { SearchWord } from './search/search-word.entity.js';
import { SearchGeneration } from './search/search-generation.entity.js';
import { ProductSearchTombstone } from './search/product-search-tombstone.entity.js';
import { CrossReference } from './search/cross-reference.entity.js';
import { ProductImport } from './imports/product-import.entity.js';
import { ServiceOrderPrice } from './products/service-order-price.entity.js';
import { Transaction } from './purchases/transaction.entity.js';
import { TransactionLine } from './purchases/transaction-line.entity.js';
import { TransactionPayment } from './purchases/transaction-payment.entity.js';
import { GarageVehicle } from './garage-vehicles/garage-vehicle.entity.js';
import { AppParameter } from './parameters/app-parameter.entity.js';
import { StoreApiClient } from './store-api/store-api-client.entity.js';
import { StoreOrder } from './store-api/store-order.entity.js';
import { StoreApiDelivery } from './store-api/store-api-delivery.entity.js';
import { StoreApiAttempt } from './store-api/store-api-attempt.entity.js';
import { StoreScore } from './ratings/store-score.entity.js';
import { StoreRatingSummary } from './ratings/store-rating-summary.entity.js';
import { Adviser, TransactionNote, TransactionReturn } from './closing/closing.entities.js';

const entities = [
  SupplierApplication,
  Store,
  Product,
  Quotation,
  QuoteRequest,
  QuoteRequestLine,
  QuoteRequestSeller,
  QuoteOffer,
  CartItem,
  ProductSearch,
  ProductRef,
  SearchWord,
  SearchGeneration,
  ProductSearchTombstone,
  CrossReference,
  ProductImport,
  ServiceOrderPrice,
  Transaction,
  TransactionLine,
  TransactionPayment,
  GarageVehicle,
  AppParameter,
  StoreApiClient,
  StoreOrder,
  StoreApiDelivery,
  StoreApiAttempt,
  StoreScore,
  StoreRatingSummary,
  TransactionReturn,
  TransactionNote,
  Adviser,
  ProductQuestion,
  BrandMapping,
] as const;

export const marketplaceDatabase = {
  schema: 'marketplace',
  entities,
  migrations: [
    Migration001Marketplace,
    Migration002ProductImports,
    Migration003SearchTuning,
    Migration004Purchases,
    Migration005Closing,
    Migration007QuotationWindows,
    Migration008StoreApi,
    Migration009Ratings,
    Migration010SupplierApplications,
    Migration011ProductQuestions,
    Migration012QuoteRequests,
    Migration013BrandMappings,
    Migration014LookupCache,
    Migration015ChangeNotices,
  ],
} satisfies ContextDatabaseOptions;

/** The marketplace schema as typed Kysely sees it (tables by entity name, columns by property). */
export type MarketplaceDB = KyselyDB<typeof entities>;
