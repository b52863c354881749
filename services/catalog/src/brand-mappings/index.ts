import type { Provider } from '@nestjs/common';
import { CopyBrandMappingEventHandler, CatalogBrandMappingsConsumer } from './brand-mappings.consumer.js';

// brand-mappings: integrations' store brand mappings (BrandMappingSaved / BrandMappingRemoved), read by the PIES import.
export const BRAND_MAPPINGS_PROVIDERS: Provider[] = [CatalogBrandMappingsConsumer, CopyBrandMappingEventHandler];
