import { Link as RouterLink } from 'react-router';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import { CATALOG_LANGUAGES, t, type CatalogLanguage, type MessageKey } from '@tuerca/contracts';
import { EmptyState } from '../app/ui';
import { languageKey, setCatalogLanguage, useCatalogLanguage } from './language';
import { useCatalogs } from './queries';

export function LanguageSelector() {
  const language = useCatalogLanguage();
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id="catalog-language">{t('catalog.language')}</InputLabel>
      <Select
        labelId="catalog-language"
        label={t('catalog.language')}
        value={language}
        onChange={(e) => setCatalogLanguage(e.target.value as CatalogLanguage)}
        data-testid="language-selector"
      >
        {CATALOG_LANGUAGES.map((code) => (
          <MenuItem key={code} value={code}>
            {t(languageKey(code) as MessageKey)} ({code})
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const CELL = { xs: 4, sm: 3, md: 2 } as const;

/**
 * Catalogue list: brand grid and the language selector (001 §2). While the list loads, the grid's place is
 * held by skeleton tiles of the same size (no layout shift, and no loading text left behind).
 */
export function BrandGrid({ title = t('customerConsole.brandGridTitle') }: { title?: string }) {
  const catalogs = useCatalogs();
  return (
    <Box component="section" aria-labelledby="brand-grid-title" aria-busy={catalogs.isPending}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography id="brand-grid-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('catalog.brandsCoverage')}
          </Typography>
        </Box>
        <LanguageSelector />
      </Stack>
      {catalogs.isError ? (
        <EmptyState detail={t('customerConsole.catalogsFailedNext')}>
          <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void catalogs.refetch()}>
            {t('customerConsole.tryAgain')}
          </Button>
        </EmptyState>
      ) : null}
      {catalogs.isSuccess && catalogs.data.data.length === 0 ? <EmptyState detail={t('customerConsole.noCatalogsNext')} /> : null}
      {catalogs.isPending ? (
        <Grid container spacing={1.5} aria-hidden data-testid="brand-grid-loading">
          {Array.from({ length: 12 }, (_, i) => (
            <Grid key={i} size={CELL}>
              <Skeleton variant="rounded" height={104} />
            </Grid>
          ))}
        </Grid>
      ) : null}
      {catalogs.isSuccess && catalogs.data.data.length > 0 ? (
        <Grid container spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
          {catalogs.data.data.map((c) => (
            <Grid key={c.code} size={CELL} component="li">
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={`/catalogo/catalog/v2/catalog=${encodeURIComponent(c.code)}`}
                  sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%', minHeight: 104 }}
                  aria-label={c.name}
                >
                  {/* The make's wordmark (256×128) at half size. */}
                  <Avatar
                    src={`/themes/default/vehicle_brands/${encodeURIComponent(c.brand)}.webp`}
                    alt=""
                    sx={{ width: 96, height: 48, bgcolor: 'transparent' }}
                    variant="rounded"
                    slotProps={{ img: { width: 96, height: 48, loading: 'lazy', style: { objectFit: 'contain' } } }}
                  >
                    {c.brand[0]}
                  </Avatar>
                  <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }}>
                    {c.brand}
                  </Typography>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : null}
    </Box>
  );
}
