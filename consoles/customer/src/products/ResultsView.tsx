import { Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Box, Chip, Stack, Tab, TablePagination, Tabs, Typography } from '@mui/material';
import { t, type ProductView, type SearchByReferenceResult } from '@tuerca/contracts';
import { ApiError, errorText } from '../app/api';
import { classifySearch, cleanPartNumber } from '../app/search';
import { EmptyState, Loading } from '../app/ui';
import { lazyArea } from '../app/lazy';
import { useSession } from '../app/session';
import { countCartItems, PAGE_SIZE, searchByReference, searchProducts } from './api';
import { ProductTable } from './ProductTable';

const OemSubstitutions = lazyArea(() => import('../catalog/OemSubstitutions'));

type Loaded =
  | { kind: 'loading' }
  | { kind: 'reference'; result: SearchByReferenceResult | null; problem: string | null }
  | { kind: 'text'; products: ProductView[]; total: number; problem: string | null };

function replace(list: ProductView[], p: ProductView) {
  return list.map((x) => (x.id === p.id ? p : x));
}

/** The content of the product search result (modal or page): tabs 'Resultado de búsqueda' and 'Sustituciones'. */
export function ResultsView({ search, forceReference = false }: { search: string; forceReference?: boolean }) {
  const isReference = forceReference || classifySearch(search) === 'partNumber';
  const reference = isReference ? cleanPartNumber(search) : '';
  const { isGuest } = useSession();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [tab, setTab] = useState<'results' | 'substitutions'>('results');
  const [page, setPage] = useState(0);
  const [counts, setCounts] = useState<{ cart: number; favorites: number } | null>(null);

  const refreshCounts = useCallback(() => {
    countCartItems()
      .then((r) => setCounts(r.data))
      .catch(() => setCounts(null));
  }, []);

  useEffect(() => {
    setState({ kind: 'loading' });
    setTab('results');
    if (isReference) {
      if (!reference) {
        setState({ kind: 'reference', result: null, problem: t('search.enterPartNumber') });
        return;
      }
      searchByReference(reference)
        .then((r) => setState({ kind: 'reference', result: r.data, problem: null }))
        .catch((err) =>
          setState({
            kind: 'reference',
            result: null,
            problem: err instanceof ApiError && err.status === 404 ? null : errorText(err, t('search.referenceSearchFailed')),
          }),
        );
    }
  }, [isReference, reference, isGuest]);

  useEffect(() => {
    if (isReference) return;
    setState({ kind: 'loading' });
    searchProducts(search, page)
      .then((r) =>
        setState({ kind: 'text', products: r.data ?? [], total: Number(r.metadata.total ?? r.data?.length ?? 0), problem: null }),
      )
      .catch((err) =>
        setState({
          kind: 'text',
          products: [],
          total: 0,
          problem: err instanceof ApiError && err.status === 404 ? null : errorText(err, t('errors.unexpected')),
        }),
      );
  }, [isReference, search, page, isGuest]);

  useEffect(refreshCounts, [refreshCounts, isGuest]);

  const onChange = (p: ProductView) => {
    setState((s) => {
      if (s.kind === 'reference' && s.result)
        return {
          ...s,
          result: { ...s.result, products: replace(s.result.products, p), productSubstitutions: replace(s.result.productSubstitutions, p) },
        };
      if (s.kind === 'text') return { ...s, products: replace(s.products, p) };
      return s;
    });
    refreshCounts();
  };

  // Without the marketplace's answer the catalogue's substitutions still apply to a part number.
  const showSubstitutions = state.kind === 'reference' && (state.result ? state.result.showSubstitutions : true);
  const products = state.kind === 'reference' ? (state.result?.products ?? []) : state.kind === 'text' ? state.products : [];

  return (
    <Stack spacing={1.5}>
      {counts ? (
        <Stack direction="row" spacing={1}>
          <Chip
            size="small"
            label={t('customerConsole.cartItems', { count: counts.cart })}
            component="a"
            href="/cart/page/index/cart"
            clickable
          />
          <Chip
            size="small"
            label={t('customerConsole.favoritesItems', { count: counts.favorites })}
            component="a"
            href="/cart/page/index/favorites"
            clickable
          />
        </Stack>
      ) : null}
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" aria-label={t('search.resultsTab')}>
        <Tab value="results" label={t('search.resultsTab')} />
        {showSubstitutions ? <Tab value="substitutions" label={t('search.substitutionsTab')} /> : null}
      </Tabs>
      {state.kind === 'loading' ? <Loading label={t('customerConsole.searchingProducts')} /> : null}
      {tab === 'results' && state.kind !== 'loading' ? (
        <Box role="tabpanel" aria-label={t('search.resultsTab')}>
          {state.problem ? <Alert severity="warning">{state.problem}</Alert> : null}
          {!state.problem && products.length === 0 ? (
            isReference ? (
              <EmptyState title={t('search.partNumberNotFound', { n: reference })} detail={t('search.checkSpelling')} />
            ) : (
              <EmptyState title={t('emptyStates.noResults')} detail={t('emptyStates.useOtherFilters')} />
            )
          ) : null}
          {products.length > 0 ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('customerConsole.resultsCount', { count: state.kind === 'text' ? state.total : products.length })}
              </Typography>
              <ProductTable products={products} onChange={onChange} />
            </>
          ) : null}
          {state.kind === 'text' && state.total > PAGE_SIZE ? (
            <TablePagination
              component="div"
              count={state.total}
              page={page}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_e, p) => setPage(p)}
            />
          ) : null}
        </Box>
      ) : null}
      {tab === 'substitutions' && state.kind === 'reference' ? (
        <Stack role="tabpanel" aria-label={t('search.substitutionsTab')} spacing={2}>
          {state.result && state.result.productSubstitutions.length > 0 ? (
            <ProductTable
              products={state.result.productSubstitutions}
              onChange={onChange}
              banner={
                state.result.productSubstitutions.some((p) => p.referencia_1 === null)
                  ? t('results.relatedProducts')
                  : t('results.relatedPartNumbers')
              }
            />
          ) : null}
          <Suspense fallback={<Loading />}>
            <OemSubstitutions reference={reference} />
          </Suspense>
        </Stack>
      ) : null}
    </Stack>
  );
}
