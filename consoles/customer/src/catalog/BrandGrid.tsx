import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Avatar, Box, Card, CardActionArea, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import { CATALOG_LANGUAGES, t, type CatalogLanguage, type MessageKey } from '@tuerca/contracts';
import { api } from '../app/api';
import { EmptyState, Loading } from '../app/ui';
import { languageKey, setCatalogLanguage, useCatalogLanguage } from './language';

export interface CatalogSummary {
  code: string;
  brand: string;
  name: string;
  features: { name: string }[];
}

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

/** Catalogue list: brand grid and the language selector (001 §2). */
export function BrandGrid({ title = t('customerConsole.brandGridTitle') }: { title?: string }) {
  const language = useCatalogLanguage();
  const [catalogs, setCatalogs] = useState<CatalogSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    setFailed(false);
    api
      .get<CatalogSummary[]>('/catalogo/catalogV2/catalogs', { language }, ctrl.signal)
      .then((r) => setCatalogs(r.data))
      .catch((err) => {
        if ((err as Error).name !== 'AbortError') setFailed(true);
      });
    return () => ctrl.abort();
  }, [language]);

  return (
    <Box component="section" aria-labelledby="brand-grid-title">
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
      {failed ? <EmptyState /> : null}
      {!catalogs && !failed ? <Loading /> : null}
      {catalogs && catalogs.length === 0 ? <EmptyState /> : null}
      {catalogs ? (
        <Grid container spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
          {catalogs.map((c) => (
            <Grid key={c.code} size={{ xs: 4, sm: 3, md: 2 }} component="li">
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={`/catalogo/catalog/v2/catalog=${encodeURIComponent(c.code)}`}
                  sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}
                  aria-label={c.name}
                >
                  <Avatar
                    src={`/themes/default/vehicle_brands/${encodeURIComponent(c.brand)}.webp`}
                    alt=""
                    sx={{ width: 48, height: 48 }}
                    variant="rounded"
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
