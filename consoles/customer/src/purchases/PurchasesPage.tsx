import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Card, CardActionArea, CardContent, Pagination, Stack, Tab, Tabs, Typography } from '@mui/material';
import { t, type TransactionView } from '@tuerca/contracts';
import { usePrompts } from '../app/prompts';
import { useSession } from '../app/session';
import { EmptyState, LoadFailed, Loading } from '../app/ui';
import { usePurchases } from '../cart/queries';
import { PurchaseSummary, purchasePath } from './parts';
import { RatingPrompt } from '../ratings/RatingPrompt';

type Scope = 'all' | 'open' | 'paid' | 'closed';

/** 'Mis compras': the buyer's transactions (listAllTransactions, purchases only), newest first, by scope. */
export function PurchasesPage() {
  const { isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const [scope, setScope] = useState<Scope>('all');
  const [page, setPage] = useState(0);
  const query = usePurchases(scope, page, ready && !isGuest);

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('purchases.loginRequired')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );

  const rows = (query.data?.data ?? []).filter((r): r is TransactionView => r.recordType === 'transaction');
  const total = query.data?.metadata.total ?? 0;
  const pages = Math.ceil(total / 20);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('purchases.title')}
      </Typography>
      <RatingPrompt enabled={ready && !isGuest} />
      <Tabs
        value={scope}
        onChange={(_e, v: Scope) => {
          setScope(v);
          setPage(0);
        }}
        variant="fullWidth"
        sx={{ '& .MuiTab-root': { minWidth: 0, px: 1 } }}
        aria-label={t('purchases.title')}
      >
        <Tab value="all" label={t('purchases.filterAll')} />
        <Tab value="open" label={t('purchases.filterOpen')} />
        <Tab value="paid" label={t('purchases.filterPaid')} />
        <Tab value="closed" label={t('purchases.filterClosed')} />
      </Tabs>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && rows.length === 0 ? <EmptyState title={t('purchases.empty')} /> : null}
      <Stack spacing={1.5}>
        {rows.map((tx) => (
          <Card key={tx.id} variant="outlined" data-testid="purchase-row">
            <CardActionArea component={RouterLink} to={purchasePath(tx.id)} aria-label={`${t('purchases.detail')} ${tx.ref_venta}`}>
              <CardContent>
                <PurchaseSummary tx={tx} />
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
      {pages > 1 ? <Pagination count={pages} page={page + 1} onChange={(_e, p) => setPage(p - 1)} sx={{ alignSelf: 'center' }} /> : null}
    </Stack>
  );
}
