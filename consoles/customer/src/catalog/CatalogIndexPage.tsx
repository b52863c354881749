import { Stack } from '@mui/material';
import { t } from '@tuerca/contracts';
import { BrandGrid } from './BrandGrid';
import { VinBox } from './VinBox';

/** /catalogo/catalog/v2/ (named route indexV2): brand grid, language selector and the VIN box. */
export function CatalogIndexPage() {
  return (
    <Stack spacing={3}>
      <VinBox />
      <BrandGrid title={t('catalog.title')} />
    </Stack>
  );
}
