import { defineJob } from '@tuerca/platform';

/** Reads, validates and writes one uploaded spreadsheet (job id `product-import-<importId>`: one job per import). */
export const ProductImportJob = defineJob<{ importId: string }>('marketplace', 'product-import');

/** Attempts before an import that keeps failing for reasons outside the file is rejected as failed. */
export const PRODUCT_IMPORT_ATTEMPTS = 3;

export const productImportJobId = (importId: string) => `product-import-${importId}`;
