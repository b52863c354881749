import { Module } from '@nestjs/common';
import { ContextDatabaseModule, contextConfigProvider } from '@tuerca/platform';
import { integrationsConfig } from './integrations.config.js';
import { integrationsDatabase } from './integrations.database.js';
import { MarketplaceEventsConsumer } from './mirror/marketplace-events.consumer.js';
import { ApplyMarketplaceEventHandler } from './mirror/apply-marketplace-event.command.js';
import { ListingDuties } from './listings/listing-duties.js';
import { SyncListingHandler } from './listings/sync-listing.command.js';
import { PiesController } from './pies/pies.controller.js';
import { ListPiesBrandsHandler, ListProductBrandCompatibilitiesHandler } from './pies/pies.queries.js';
import {
  ImportPiesBrandsHandler,
  RemoveBrandCompatibilityHandler,
  SaveBrandCompatibilityHandler,
} from './pies/save-brand-compatibility.command.js';
import { MercadoLibreController } from './mercadolibre/mercadolibre.controller.js';
import { MlTokenStore } from './mercadolibre/ml-tokens.js';
import { MlPublisher } from './mercadolibre/ml-publisher.js';
import {
  CompleteMlAuthorizationHandler,
  DisconnectMlHandler,
  StartMlAuthorizationHandler,
} from './mercadolibre/connect-mercadolibre.command.js';
import { ChangeStateInMlHandler, PublishInMlHandler, ReceiveMlNotificationHandler } from './mercadolibre/publish-in-ml.command.js';
import { GetMlConnectionHandler, GetMlIndicatorsHandler } from './mercadolibre/ml-indicators.query.js';
import { MerchantController } from './merchant/merchant.controller.js';
import { MerchantPublisher } from './merchant/merchant-publisher.js';
import { GetMerchantFeedHandler, GetMerchantStateHandler, SetMerchantEnabledHandler } from './merchant/merchant.commands.js';
import { ChannelsAdminController } from './admin/channels-admin.controller.js';
import {
  GetChannelListingHandler,
  ListChannelListingsHandler,
  ListChannelStoresHandler,
  RetryChannelListingHandler,
} from './admin/channels-admin.queries.js';

/** Integrations: outside sales channels (MercadoLibre, Google Merchant Center) and PIES brand compatibilities. */
@Module({
  imports: [ContextDatabaseModule.forContext(integrationsDatabase)],
  controllers: [PiesController, MercadoLibreController, MerchantController, ChannelsAdminController],
  providers: [
    contextConfigProvider(integrationsConfig),
    MarketplaceEventsConsumer,
    ApplyMarketplaceEventHandler,
    ListingDuties,
    SyncListingHandler,
    ListPiesBrandsHandler,
    ListProductBrandCompatibilitiesHandler,
    SaveBrandCompatibilityHandler,
    RemoveBrandCompatibilityHandler,
    ImportPiesBrandsHandler,
    MlTokenStore,
    MlPublisher,
    StartMlAuthorizationHandler,
    CompleteMlAuthorizationHandler,
    DisconnectMlHandler,
    PublishInMlHandler,
    ChangeStateInMlHandler,
    ReceiveMlNotificationHandler,
    GetMlIndicatorsHandler,
    GetMlConnectionHandler,
    MerchantPublisher,
    SetMerchantEnabledHandler,
    GetMerchantStateHandler,
    GetMerchantFeedHandler,
    ListChannelStoresHandler,
    ListChannelListingsHandler,
    GetChannelListingHandler,
    RetryChannelListingHandler,
  ],
})
export class IntegrationsModule {}
