import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Tab, TablePagination, Tabs, Typography } from '@mui/material';
import { t, type ProductView } from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { classifySearch, cleanPartNumber } from '../app/search';
import { EmptyState, Loading } from '../app/ui';
import { Area } from '../app/errors';
import { lazyArea } from '../app/lazy';
import { oemPath } from '../catalog/oemRoute';
import { PAGE_SIZE, useCartCounts, useProductChanged, useReferenceSearch, useTextSearch } from './api';
import { ProductTable } from './ProductTable';

const OemSubstitutions = lazyArea(() => import('../catalog/OemSubstitutions'));

type ResultsTab = 'results' | 'substitutions';

/** A 404 of a lookup is an answer (nothing found), not a failure. */
const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The content of the product search result (modal or page): tabs 'Resultado de búsqueda' and
 * 'Sustituciones' (000 §2). A part number opens on the tab that has something to offer: its own products,
 * or, when it has none in stock, the substitutes that are.
 */
export function ResultsView({ search, forceReference = false }: { search: string; forceReference?: boolean }) {
  const isReference = forceReference || classifySearch(search) === 'partNumber';
  const reference = isReference ? cleanPartNumber(search) : '';
  const [chosenTab, setChosenTab] = useState<ResultsTab | null>(null);
  const [page, setPage] = useState(0);
  const byReference = useReferenceSearch(isReference ? reference : '');
  const byText = useTextSearch(search, page, !isReference);
  const counts = useCartCounts();
  const onChange = useProductChanged();

  const query = isReference ? byReference : byText;
  const loading = isReference ? reference !== '' && byReference.isPending : byText.isPending;
  const problem =
    isReference && reference === ''
      ? t('search.enterPartNumber')
      : query.isError && !notFound(query.error)
        ? errorText(query.error, isReference ? t('search.referenceSearchFailed') : t('errors.unexpected'))
        : null;

  const result = byReference.data?.data ?? null;
  const products: ProductView[] = isReference ? (result?.products ?? []) : (byText.data?.data ?? []);
  const substitutes = result?.productSubstitutions ?? [];
  const total = isReference ? products.length : Number(byText.data?.metadata.total ?? products.length);
  // Without the marketplace's answer the catalogue's substitutions still apply to a part number.
  const showSubstitutions = isReference && (result ? result.showSubstitutions : true);
  const defaultTab: ResultsTab = showSubstitutions && products.length === 0 && substitutes.length > 0 ? 'substitutions' : 'results';
  const tab = showSubstitutions ? (chosenTab ?? defaultTab) : 'results';

  return (
    <Stack spacing={1.5}>
      {counts.data ? (
        <Stack direction="row" spacing={1}>
          <Chip
            size="small"
            label={t('customerConsole.cartItems', { count: counts.data.data.cart })}
            component={RouterLink}
            to="/cart/page/index/cart"
            clickable
          />
          <Chip
            size="small"
            label={t('customerConsole.favoritesItems', { count: counts.data.data.favorites })}
            component={RouterLink}
            to="/cart/page/index/favorites"
            clickable
          />
        </Stack>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_e, v: ResultsTab) => setChosenTab(v)}
        variant="fullWidth"
        aria-label={t('search.resultsTab')}
        sx={{ maxWidth: 560 }}
      >
        <Tab value="results" label={t('search.resultsTab')} id="results-tab" aria-controls="results-panel" />
        {showSubstitutions ? (
          <Tab
            value="substitutions"
            label={substitutes.length > 0 ? `${t('search.substitutionsTab')} (${substitutes.length})` : t('search.substitutionsTab')}
            id="substitutions-tab"
            aria-controls="substitutions-panel"
          />
        ) : null}
      </Tabs>
      {loading ? <Loading label={t('customerConsole.searchingProducts')} /> : null}
      {tab === 'results' && !loading ? (
        <Box role="tabpanel" id="results-panel" aria-labelledby="results-tab">
          {problem ? <Alert severity="warning">{problem}</Alert> : null}
          {!problem && products.length === 0 ? (
            isReference ? (
              <EmptyState title={t('search.partNumberNotFound', { n: search.trim() })} detail={t('search.checkSpelling')}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, justifyContent: 'center' }}>
                  {showSubstitutions ? (
                    <Button variant="contained" onClick={() => setChosenTab('substitutions')}>
                      {t('customerConsole.openSubstitutions')}
                    </Button>
                  ) : null}
                  <Button variant="outlined" component={RouterLink} to={oemPath({ oem: reference })}>
                    {t('customerConsole.searchInCatalogs')}
                  </Button>
                </Stack>
              </EmptyState>
            ) : (
              <EmptyState title={t('emptyStates.noResults')} detail={t('emptyStates.useOtherFilters')} />
            )
          ) : null}
          {products.length > 0 ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="results-count">
                {t('customerConsole.resultsCount', { count: total })}
              </Typography>
              <Box sx={{ position: 'relative' }} aria-busy={byText.isPlaceholderData}>
                {byText.isPlaceholderData ? <LinearProgress sx={{ position: 'absolute', top: -6, left: 0, right: 0 }} /> : null}
                <ProductTable products={products} onChange={onChange} />
              </Box>
            </>
          ) : null}
          {!isReference && total > PAGE_SIZE ? (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_e, p) => setPage(p)}
              data-testid="results-pagination"
            />
          ) : null}
        </Box>
      ) : null}
      {tab === 'substitutions' && !loading ? (
        <Stack role="tabpanel" id="substitutions-panel" aria-labelledby="substitutions-tab" spacing={2}>
          {substitutes.length > 0 ? (
            <ProductTable
              products={substitutes}
              onChange={onChange}
              banner={substitutes.some((p) => p.referencia_1 === null) ? t('results.relatedProducts') : t('results.relatedPartNumbers')}
            />
          ) : null}
          <Area>
            <OemSubstitutions reference={reference} written={search.trim()} />
          </Area>
        </Stack>
      ) : null}
    </Stack>
  );
}
